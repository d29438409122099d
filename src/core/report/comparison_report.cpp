#include "pipetop/core/report/comparison_report.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

std::string verdict_words(const MeasurementComparison& m, double threshold) {
  const std::string change = m.ratio ? printf_string("%+.0f%%", (*m.ratio - 1) * 100) : "";
  switch (m.verdict) {
    case CompareVerdict::regressed:
      return "REGRESSED " + change + ": beyond the noise and the " + format_whole_percent(threshold) + " threshold" +
             (m.aa_spread ? " and this machine's A/A spread" : "");
    case CompareVerdict::slower:
      if (m.ratio && *m.ratio < 1 - threshold) return "slower " + change + ", within this machine's A/A spread now";
      return "slower " + change + ", within the " + format_whole_percent(threshold) + " threshold";
    case CompareVerdict::same:
      return "the same: within the noise";
    case CompareVerdict::faster:
      if (m.ratio && *m.ratio > 1 + threshold) return "faster " + change + ", within this machine's A/A spread now";
      return "faster " + change + ", within the " + format_whole_percent(threshold) + " threshold";
    case CompareVerdict::improved:
      return "improved " + change;
    case CompareVerdict::failed:
      return "FAILED here";
    case CompareVerdict::no_baseline:
      return "no figure in the baseline";
    case CompareVerdict::missing:
      return "not measured here";
  }
  return "";
}

// How many figures each side's spread comes from: runs of each rung (check), or windows of the steady
// state (run).
std::string spread_words(const Comparison& c) {
  const std::size_t runs = c.measurements.empty() ? 0 : c.measurements.front().runs;
  const std::size_t baseline_runs = c.measurements.empty() ? 0 : c.measurements.front().baseline_runs;
  const char* what = c.type == "run" ? "windows of the steady state" : "runs of each rung";
  return printf_string("%zu %s here, %zu in the baseline", runs, what, baseline_runs);
}

std::string differences_text(const char* title, const std::vector<Difference>& differences) {
  if (differences.empty()) return "";
  std::string text = printf_string("  %s\n", title);
  for (const Difference& d : differences) {
    text += "    " + pad_right(d.name, 34) + " " + d.baseline + " → " + d.current + "\n";
  }
  return text;
}

void write_differences(JsonWriter& json, const char* key, const std::vector<Difference>& differences) {
  json.key(key).begin_array();
  for (const Difference& d : differences) {
    json.begin_object().key("name").value(d.name).key("baseline").value(d.baseline);
    json.key("current").value(d.current).end_object();
  }
  json.end_array();
}

}  // namespace

std::string comparison_text(const Comparison& c) {
  std::string text = "\nCompared with " + c.baseline_name + " (" + spread_words(c) +
                     "; beyond the noise: each of one side's figures above each of the other's)\n";
  const auto row = [](const std::string& name, const std::array<std::string, 4>& cells, const std::string& verdict) {
    return "  " + pad_right(name, 30) + pad_left(cells[0], 15) + pad_left(cells[1], 10) + pad_left(cells[2], 8) +
           pad_left(cells[3], 7) + "   " + verdict + "\n";
  };
  text += row("", {"baseline GiB/s", "now GiB/s", "ratio", "noise"}, "verdict");
  const bool aa = std::any_of(c.measurements.begin(), c.measurements.end(),
                              [](const MeasurementComparison& m) { return m.aa_spread.has_value(); });
  for (const MeasurementComparison& m : c.measurements) {
    text +=
        row(m.name,
            {format_fixed(m.baseline_gib_per_s, 2), format_fixed(m.gib_per_s, 2),
             m.ratio ? printf_string("×%.2f", *m.ratio) : "—", m.noise ? "±" + format_whole_percent(*m.noise) : "—"},
            verdict_words(m, c.threshold) + (m.disturbed ? " (disturbed here: another program competed)" : "") +
                (aa ? "; A/A now " + (m.aa_spread ? "±" + format_whole_percent(*m.aa_spread) : std::string("—")) : ""));
  }
  if (!c.aa_source.empty()) text += "  A/A now: " + c.aa_source + "\n";
  text += differences_text("Facts that differ (baseline → here)", c.facts);
  text += differences_text("Settings that differ (baseline → here)", c.settings);
  return text;
}

void write_comparison_fields(JsonWriter& json, const Comparison& c) {
  json.key("baseline").value(c.baseline_name).key("threshold").value(c.threshold);
  json.key("regressed").value(!c.regressions().empty());
  json.key("measurements").begin_array();
  for (const MeasurementComparison& m : c.measurements) {
    json.begin_object().key("name").value(m.name);
    json.key("baseline_gib_per_s").value(m.baseline_gib_per_s).key("gib_per_s").value(m.gib_per_s);
    json.key("ratio").value(m.ratio).key("noise").value(m.noise);
    json.key("baseline_runs").value(static_cast<std::uint64_t>(m.baseline_runs));
    json.key("runs").value(static_cast<std::uint64_t>(m.runs));
    json.key("beyond_noise").value(m.beyond_noise);
    if (m.aa_spread) json.key("aa_spread").value(*m.aa_spread);
    json.key("disturbed").value(m.disturbed);
    json.key("verdict").value(to_string(m.verdict));
    json.end_object();
  }
  json.end_array();
  write_differences(json, "facts", c.facts);
  write_differences(json, "settings", c.settings);
  if (!c.aa_source.empty()) json.key("aa_source").value(c.aa_source);
}

std::string comparison_line_json(const Comparison& c) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("comparison");
  write_comparison_fields(json, c);
  json.end_object();
  return json.str();
}

std::string regression_message(const Comparison& c) {
  const std::vector<const MeasurementComparison*> regressed = c.regressions();
  if (regressed.empty()) return "";
  std::string text = printf_string("%zu regressed beyond %s of %s:", regressed.size(),
                                   format_whole_percent(c.threshold).c_str(), c.baseline_name.c_str());
  for (std::size_t i = 0; i < regressed.size(); ++i) {
    text +=
        printf_string("%s %s ×%.2f", i == 0 ? "" : ",", regressed[i]->name.c_str(), regressed[i]->ratio.value_or(0));
  }
  return text;
}

}  // namespace pipetop

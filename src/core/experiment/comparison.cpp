#include "pipetop/core/experiment/comparison.hpp"

#include <algorithm>
#include <map>

#include "pipetop/core/base/percentage.hpp"
#include "pipetop/core/base/stats.hpp"
#include "pipetop/core/config/flag_options.hpp"

namespace pipetop {
namespace {

// Half the range of `runs` as a fraction of their median; nullopt with fewer than two.
std::optional<double> spread(const std::vector<double>& runs) {
  if (runs.size() < 2) return std::nullopt;
  const auto [low, high] = std::minmax_element(runs.begin(), runs.end());
  const std::optional<double> middle = median(runs);
  if (!middle || *middle <= 0) return std::nullopt;
  return (*high - *low) / 2 / *middle;
}

// Every run of one side is faster than every run of the other.
bool ranges_apart(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.empty() || b.empty()) return false;
  const auto [a_low, a_high] = std::minmax_element(a.begin(), a.end());
  const auto [b_low, b_high] = std::minmax_element(b.begin(), b.end());
  return *a_high < *b_low || *b_high < *a_low;
}

CompareVerdict verdict_of(const MeasurementComparison& c, const Measurement* current, double threshold) {
  if (current == nullptr) return CompareVerdict::missing;
  if (!c.baseline_gib_per_s || *c.baseline_gib_per_s <= 0) return CompareVerdict::no_baseline;
  if (!c.gib_per_s) return CompareVerdict::failed;
  if (!c.beyond_noise || !c.ratio) return CompareVerdict::same;
  const double spread = c.aa_spread.value_or(0);
  if (*c.ratio < 1 - threshold && *c.ratio * (1 + spread) < 1) return CompareVerdict::regressed;
  if (*c.ratio > 1 + threshold && *c.ratio > 1 + spread) return CompareVerdict::improved;
  return *c.ratio < 1 ? CompareVerdict::slower : CompareVerdict::faster;
}

MeasurementComparison compare_one(const Measurement* baseline, const Measurement* current, double threshold,
                                  const AaSpreads& spreads) {
  MeasurementComparison c;
  c.name = current != nullptr ? current->name : baseline->name;
  const std::vector<double> none;
  const std::vector<double>& base_runs = baseline != nullptr ? baseline->runs_gib_per_s : none;
  const std::vector<double>& runs = current != nullptr ? current->runs_gib_per_s : none;
  c.baseline_gib_per_s = baseline != nullptr ? baseline->gib_per_s : std::nullopt;
  c.gib_per_s = current != nullptr ? current->gib_per_s : std::nullopt;
  c.baseline_runs = base_runs.size();
  c.runs = runs.size();
  if (c.baseline_gib_per_s && c.gib_per_s && *c.baseline_gib_per_s > 0) c.ratio = *c.gib_per_s / *c.baseline_gib_per_s;
  const std::optional<double> base_spread = spread(base_runs);
  const std::optional<double> this_spread = spread(runs);
  if (base_spread || this_spread) c.noise = std::max(base_spread.value_or(0), this_spread.value_or(0));
  c.beyond_noise = ranges_apart(base_runs, runs);
  c.disturbed = current != nullptr && current->disturbed;
  if (const auto it = spreads.find(c.name); it != spreads.end()) c.aa_spread = it->second;
  c.verdict = verdict_of(c, current, threshold);
  return c;
}

std::vector<Difference> differences(const std::map<std::string, std::string>& baseline,
                                    const std::map<std::string, std::string>& current) {
  std::vector<Difference> out;
  if (baseline.empty() || current.empty()) return out;  // one side says nothing: nothing to set beside
  std::map<std::string, std::pair<std::string, std::string>> both;
  for (const auto& [name, value] : baseline) both[name] = {value, "absent"};
  for (const auto& [name, value] : current) {
    auto [it, inserted] = both.try_emplace(name, "absent", value);
    if (!inserted) it->second.second = value;
  }
  for (const auto& [name, values] : both) {
    if (values.first != values.second) out.push_back({name, values.first, values.second});
  }
  return out;
}

const Measurement* find_measurement(const MeasuredResults& results, const std::string& name) {
  if (results.type == "run") return results.measurements.empty() ? nullptr : &results.measurements.front();
  for (const Measurement& m : results.measurements) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

}  // namespace

std::string_view to_string(CompareVerdict verdict) {
  switch (verdict) {
    case CompareVerdict::regressed:
      return "regressed";
    case CompareVerdict::slower:
      return "slower";
    case CompareVerdict::same:
      return "same";
    case CompareVerdict::faster:
      return "faster";
    case CompareVerdict::improved:
      return "improved";
    case CompareVerdict::failed:
      return "failed";
    case CompareVerdict::missing:
      return "missing";
    case CompareVerdict::no_baseline:
      break;
  }
  return "no_baseline";
}

std::vector<const MeasurementComparison*> Comparison::regressions() const {
  std::vector<const MeasurementComparison*> out;
  for (const MeasurementComparison& m : measurements) {
    if (m.verdict == CompareVerdict::regressed) out.push_back(&m);
  }
  return out;
}

Comparison compare_results(const MeasuredResults& baseline, const MeasuredResults& current, double threshold,
                           std::string baseline_name, const AaSpreads& spreads) {
  Comparison comparison;
  comparison.type = current.type;
  comparison.baseline_name = std::move(baseline_name);
  comparison.threshold = threshold;
  for (const Measurement& m : current.measurements) {
    comparison.measurements.push_back(compare_one(find_measurement(baseline, m.name), &m, threshold, spreads));
  }
  for (const Measurement& m : baseline.measurements) {
    if (find_measurement(current, m.name) == nullptr)
      comparison.measurements.push_back(compare_one(&m, nullptr, threshold, spreads));
  }
  comparison.facts = differences(baseline.facts, current.facts);
  comparison.settings = differences(baseline.settings, current.settings);
  return comparison;
}

std::vector<Difference> configuration_differences(const MeasuredResults& baseline,
                                                  const std::map<std::string, std::string>& current) {
  std::vector<std::string> deciding = {"config.writer", "config.reader", "config.buffer-size"};
  for (const FlagOption& flag : kFlagOptions) deciding.push_back("config." + std::string(flag.name));
  std::vector<Difference> out;
  for (Difference& d : differences(baseline.settings, current)) {
    if (std::ranges::find(deciding, d.name) != deciding.end()) out.push_back(std::move(d));
  }
  return out;
}

Result<double> parse_threshold(std::string_view text) {
  return parse_percentage(text, "e.g. --threshold 10% (the default), or 5 for 5%");
}

}  // namespace pipetop

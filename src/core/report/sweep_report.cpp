#include "pipetop/core/report/sweep_report.hpp"

#include <algorithm>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/experiment/machine_stability.hpp"
#include "pipetop/core/report/interval_json.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/stability_json.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

// Column widths of the table, in cells.
constexpr int kValueCells = 10;
constexpr int kFigureCells = 7;
constexpr int kIntervalCells = 13;
constexpr int kRatioCells = 9;
constexpr int kCountCells = 8;

std::string value_text(const SweepCurve& curve, std::size_t arm) {
  return sweep_value_text(curve.option, curve.points.at(arm).value);
}

// "3.05–3.20", or "—" without an interval.
std::string range_text(const std::optional<MedianInterval>& interval) {
  if (!interval) return "—";
  return format_fixed(interval->low, 2) + "–" + format_fixed(interval->high, 2);
}

std::string ratio_range_text(const std::optional<MedianInterval>& interval) {
  if (!interval) return "—";
  return ratio_text(interval->low) + "–" + ratio_text(interval->high);
}

// The widest precision of the ratios still raced; nullopt while one of them has no interval yet.
std::optional<double> widest_precision(const PairedRounds& rounds) {
  double widest = 0;
  for (const Contrast& c : rounds.plan().contrasts) {
    if (!rounds.live(c.numerator) || !rounds.live(c.denominator)) continue;
    const std::optional<double> precision = rounds.estimate(c).precision();
    if (!precision) return std::nullopt;
    widest = std::max(widest, *precision);
  }
  return widest;
}

std::string row_text(const SweepCurve& curve, std::size_t arm) {
  const SweepPoint& p = curve.points[arm];
  std::string row = "  " + pad_right(value_text(curve, arm), kValueCells);
  if (p.figures.slices == 0 && p.failure) return row + "failed: " + p.failure->message + "\n";
  row += pad_left(format_fixed(p.figures.median_gib_per_s, 2), kFigureCells) + "  " +
         pad_right(range_text(p.interval), kIntervalCells);
  std::size_t kept = p.figures.slices;
  std::size_t dropped = p.disturbed;
  if (!p.ratio) {
    row += pad_right("reference", kRatioCells + 2 + kIntervalCells);
  } else {
    kept = p.ratio->rounds;
    dropped = p.ratio->dropped;
    const std::string ratio = p.ratio->median ? "×" + ratio_text(*p.ratio->median) : "—";
    row += pad_right(ratio, kRatioCells) + "  " + pad_right(ratio_range_text(p.ratio->interval), kIntervalCells);
  }
  row += pad_left(std::to_string(kept), kCountCells) + pad_left(std::to_string(dropped), kCountCells);
  if (p.failure) row += "  failed later: " + p.failure->message;
  return row + "\n";
}

std::string mark_line(const CacheMark& mark) {
  return "  ── " + mark.name + " " + format_size(mark.bytes) + " ──\n";
}

std::string stop_text(const PairedRounds& rounds, const SweepCurve& curve) {
  const std::string asked = "±" + format_percent(rounds.plan().precision);
  const std::optional<double> widest = widest_precision(rounds);
  switch (rounds.stopped().value_or(StopReason::budget)) {
    case StopReason::precise:
      return "every ratio's interval is within " + asked + " (the widest ±" + format_percent(widest.value_or(0)) + ")";
    case StopReason::budget:
      if (widest) {
        return "the " + format_duration_arg(rounds.plan().budget_ns) + " budget ended with the widest interval at ±" +
               format_percent(*widest) + ", not " + asked;
      }
      return "the " + format_duration_arg(rounds.plan().budget_ns) + " budget ended before every value had " +
             std::to_string(values_for_interval(kRoundsConfidence)) + " kept rounds for an interval";
    case StopReason::failed:
      if (rounds.failure(kSweepReference)) {
        return "the reference " + value_text(curve, kSweepReference) +
               " failed: " + rounds.failure(kSweepReference)->message;
      }
      return "every value but the reference failed";
    case StopReason::retired:
      break;
  }
  return "no ratio left to estimate";
}

// "256 KiB, 3.51 GiB/s (×1.12 64 KiB)".
std::string fastest_text(const SweepCurve& curve) {
  const SweepPoint* fastest = fastest_point(curve);
  if (fastest == nullptr) return "no value moved data undisturbed";
  std::string text = sweep_value_text(curve.option, fastest->value) + ", " +
                     format_fixed(fastest->figures.median_gib_per_s, 2) + " GiB/s";
  if (fastest->ratio && fastest->ratio->median) {
    text += " (×" + ratio_text(*fastest->ratio->median) + " " + value_text(curve, kSweepReference) + ")";
  }
  return text;
}

std::string ceiling_text(const SweepCeiling& ceiling, const SweepCurve& curve) {
  std::string text = ceiling.name + " " + format_fixed(ceiling.gib_per_s, 1) + " GiB/s";
  const SweepPoint* fastest = fastest_point(curve);
  if (fastest != nullptr && ceiling.gib_per_s > 0) {
    text += ": the fastest value at " + format_whole_percent(*fastest->figures.median_gib_per_s / ceiling.gib_per_s) +
            " of it";
  }
  return text;
}

std::string caches_text(const SweepCurve& curve) {
  std::string text;
  for (const CacheMark& mark : curve.caches)
    text += (text.empty() ? "" : " · ") + mark.name + " " + format_size(mark.bytes);
  return text.empty() ? "not shown by this machine" : text;
}

void point_json(JsonWriter& json, const SweepPoint& p, const SweepSetup& setup, std::size_t arm) {
  json.begin_object().key("value").value(p.value).key("label").value(sweep_value_text(setup.option, p.value));
  json.key("command").value(run_command_line(setup.configs.at(arm)));
  json.key("median_gib_per_s").value(p.figures.median_gib_per_s).key("ci95");
  interval_json(json, p.interval);
  json.key("min_gib_per_s").value(p.figures.min_gib_per_s).key("max_gib_per_s").value(p.figures.max_gib_per_s);
  json.key("slices").value(static_cast<std::uint64_t>(p.figures.slices));
  json.key("disturbed").value(static_cast<std::uint64_t>(p.disturbed));
  json.key("reference").value(!p.ratio);
  json.key("ratio").value(p.ratio ? p.ratio->median : std::optional<double>(1.0)).key("ratio_ci95");
  interval_json(json, p.ratio ? p.ratio->interval : std::nullopt);
  json.key("rounds").value(static_cast<std::uint64_t>(p.ratio ? p.ratio->rounds : p.figures.slices));
  json.key("dropped").value(static_cast<std::uint64_t>(p.ratio ? p.ratio->dropped : p.disturbed));
  if (p.failure) json.key("error").value(p.failure->message);
  json.end_object();
}

void rounds_json(JsonWriter& json, const PairedRounds& rounds, std::size_t arms) {
  json.begin_array();
  for (const Round& round : rounds.rounds()) {
    json.begin_object().key("order").begin_array();
    for (const Slice& slice : round.slices) json.value(static_cast<std::uint64_t>(slice.arm));
    json.end_array().key("gib_per_s").begin_array();
    for (std::size_t arm = 0; arm < arms; ++arm) {
      const Slice* slice = round.slice_of(arm);
      json.value(slice == nullptr ? std::nullopt : slice->gib_per_s);
    }
    json.end_array().key("disturbed").begin_array();
    for (std::size_t arm = 0; arm < arms; ++arm) {
      const Slice* slice = round.slice_of(arm);
      json.value(slice != nullptr && slice->disturbed);
    }
    json.end_array().end_object();
  }
  json.end_array();
}

}  // namespace

std::string sweep_intro_text(const SweepSetup& setup, const RoundsPlan& plan) {
  std::string values;
  for (std::size_t i = 0; i < setup.values.size(); ++i) {
    values += (i == 0                         ? ""
               : i + 1 == setup.values.size() ? " and "
                                              : ", ") +
              sweep_value_text(setup.option, setup.values[i]);
  }
  const std::string reference = sweep_value_text(setup.option, setup.values.at(kSweepReference));
  std::string text = "sweep " + std::string(sweep_option_row(setup.option).name) + ": " + values + "\n";
  text += "reference  " + reference + ": " + describe_config(setup.configs.at(kSweepReference)) + "\n";
  return text + "rounds of " + format_duration_arg(setup.slice_ns) +
         " a value after each warm-up, the order forwards then backwards, until every value's ratio to " + reference +
         " has a 95% interval within ±" + format_percent(plan.precision) + ", " + format_duration_arg(plan.budget_ns) +
         " at most\n\n";
}

std::string sweep_round_text(const PairedRounds& rounds) {
  std::string text = "round " + std::to_string(rounds.rounds().size()) + " · " +
                     format_fixed(static_cast<double>(rounds.elapsed_ns()) / 1e9, 1) + " s of " +
                     format_duration_arg(rounds.plan().budget_ns) + " · ";
  const std::optional<double> widest = widest_precision(rounds);
  if (!widest) {
    return text + "intervals after " + std::to_string(values_for_interval(kRoundsConfidence)) + " kept rounds";
  }
  return text + "widest interval ±" + format_percent(*widest) + " (asked ±" + format_percent(rounds.plan().precision) +
         ")";
}

std::string sweep_table_text(const SweepCurve& curve) {
  if (curve.points.empty()) return "";
  const std::string ratio_head = "× " + value_text(curve, kSweepReference);
  std::string text = "  " + pad_right("value", kValueCells) + pad_left("GiB/s", kFigureCells) + "  " +
                     pad_right("95% CI", kIntervalCells) + pad_right(ratio_head, kRatioCells) + "  " +
                     pad_right("95% CI", kIntervalCells) + pad_left("rounds", kCountCells) +
                     pad_left("dropped", kCountCells) + "\n";
  std::size_t mark = 0;
  for (std::size_t arm = 0; arm < curve.points.size(); ++arm) {
    // The caches the values up to here fit, and the next value does not.
    for (; mark < curve.caches.size() && curve.caches[mark].bytes < curve.points[arm].value; ++mark) {
      if (arm > 0) text += mark_line(curve.caches[mark]);
    }
    text += row_text(curve, arm);
  }
  return text;
}

std::string sweep_summary_text(const PairedRounds& rounds, const SweepCurve& curve) {
  std::string text = sweep_table_text(curve) + "\n";
  text += "  reference  " + value_text(curve, kSweepReference) +
          ": × is a value's GiB/s over the reference's in the same round, the median of the rounds\n";
  text += "  fastest    " + fastest_text(curve) + "\n";
  if (curve.ceiling) text += "  ceiling    " + ceiling_text(*curve.ceiling, curve) + "\n";
  if (sweep_option_row(curve.option).sizes) text += "  caches     " + caches_text(curve) + "\n";
  const std::size_t count = rounds.rounds().size();
  text += "  stopped    " + stop_text(rounds, curve) + "; " + std::to_string(count) +
          (count == 1 ? " round" : " rounds") + " in " +
          format_fixed(static_cast<double>(rounds.elapsed_ns()) / 1e9, 1) + " s\n";
  text += "  stability  " + stability_words(machine_stability(rounds)) + "\n";
  return text;
}

std::string sweep_json(const PairedRounds& rounds, const SweepCurve& curve, const SweepSetup& setup) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("sweep");
  json.key("option").value(sweep_option_row(setup.option).name);
  json.key("reference").value(setup.values.at(kSweepReference));
  json.key("points").begin_array();
  for (std::size_t arm = 0; arm < curve.points.size(); ++arm) point_json(json, curve.points[arm], setup, arm);
  json.end_array().key("caches").begin_array();
  for (const CacheMark& mark : curve.caches) {
    json.begin_object().key("name").value(mark.name).key("bytes").value(mark.bytes).end_object();
  }
  json.end_array().key("ceiling");
  if (curve.ceiling) {
    json.begin_object().key("name").value(curve.ceiling->name).key("gib_per_s").value(curve.ceiling->gib_per_s);
    json.end_object();
  } else {
    json.null();
  }
  json.key("precision").value(widest_precision(rounds)).key("precision_asked").value(rounds.plan().precision);
  json.key("stop").value(to_string(rounds.stopped().value_or(StopReason::budget)));
  json.key("stop_words").value(stop_text(rounds, curve));
  json.key("round_s").value(static_cast<double>(setup.slice_ns) / 1e9);
  json.key("budget_s").value(static_cast<double>(rounds.plan().budget_ns) / 1e9);
  json.key("elapsed_s").value(static_cast<double>(rounds.elapsed_ns()) / 1e9);
  json.key("stability").raw(stability_json(machine_stability(rounds)));
  json.key("each_round");
  rounds_json(json, rounds, curve.points.size());
  json.end_object();
  return json.str();
}

}  // namespace pipetop

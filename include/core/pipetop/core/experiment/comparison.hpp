#pragma once
// This machine against a baseline (`check --compare`, `run --compare`): measurement by measurement the
// ratio of the headline figures, whether the difference is beyond the noise, and a verdict; beside them
// the facts and the settings that differ. Pure: both sides come from measured_results.hpp.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/report/measured_results.hpp"

namespace pipetop {

inline constexpr double kDefaultRegressionThreshold = 0.10;

enum class CompareVerdict {
  regressed,    // slower by more than the threshold and this machine's A/A spread, beyond the noise: the gate fails
  slower,       // slower beyond the noise, by less than the threshold or the A/A spread
  same,         // the difference is within the noise
  faster,       // faster beyond the noise, by less than the threshold
  improved,     // faster by more than the threshold and the A/A spread, beyond the noise
  failed,       // it moved nothing here
  no_baseline,  // the baseline has no figure for it (absent, or it failed there)
  missing,      // the baseline has it, this side did not measure it
};
[[nodiscard]] std::string_view to_string(CompareVerdict verdict);

struct MeasurementComparison {
  std::string name;
  std::optional<double> baseline_gib_per_s;
  std::optional<double> gib_per_s;
  std::optional<double> ratio;  // gib_per_s / baseline_gib_per_s
  // The larger of the two sides' spreads, as a fraction of their figure: half the range of its runs;
  // nullopt when neither side has two runs to show one.
  std::optional<double> noise;
  std::size_t baseline_runs = 0;
  std::size_t runs = 0;
  bool beyond_noise = false;  // every run of one side is faster than every run of the other
  // This machine's A/A spread now: how much the same configuration varied between paired rounds here
  // (its fastest slice over its slowest, less 1); nullopt when it was not measured. A VM that moves
  // between 2× phases cannot show a 10% regression, and the gate says so rather than guess.
  std::optional<double> aa_spread;
  // The machine competed for the workers' CPUs here. The verdict stands all the same (a gate that
  // passed whenever the machine was busy would pass a busy machine); the reports say it beside it.
  bool disturbed = false;
  CompareVerdict verdict = CompareVerdict::no_baseline;
};

struct Difference {
  std::string name;      // a fact's or a setting's path: "kernel", "thp.enabled", "config.buffer-size"
  std::string baseline;  // "absent" when only one side has it
  std::string current;
};

struct Comparison {
  std::string type;           // what was compared: "check" (runs of each rung) or "run" (windows of one run)
  std::string baseline_name;  // what the baseline was (its file name)
  double threshold = kDefaultRegressionThreshold;
  std::vector<MeasurementComparison> measurements;  // this side's order, then those only the baseline has
  std::vector<Difference> facts;
  std::vector<Difference> settings;
  // How this machine's A/A spread was measured (aa_spread.hpp's aa_source_words), or why it was not;
  // "" when nobody asked.
  std::string aa_source;
  // The measurements that regressed beyond the threshold.
  [[nodiscard]] std::vector<const MeasurementComparison*> regressions() const;
};

// This machine's A/A spread now, by measurement name (MeasurementComparison::aa_spread).
using AaSpreads = std::map<std::string, double, std::less<>>;

// Compares `current` with `baseline`, matching measurements by name (a run has one, matched whatever
// its name). `threshold` is a fraction (0.1: 10%). A measurement with an A/A spread in `spreads` is
// called regressed (or improved) only when its ratio is beyond both the threshold and that spread.
[[nodiscard]] Comparison compare_results(const MeasuredResults& baseline, const MeasuredResults& current,
                                         double threshold, std::string baseline_name, const AaSpreads& spreads = {});

// The settings in which a run about to measure `current` (run_config_settings) is another experiment
// than the run `baseline` measured: the strategies, the transfer flags and the buffer size. The CPUs,
// the timing, the pipe's size and the events may differ (another machine, a longer run): not these.
// Empty when they agree, or when the baseline names no configuration (a check's).
[[nodiscard]] std::vector<Difference> configuration_differences(const MeasuredResults& baseline,
                                                                const std::map<std::string, std::string>& current);

// "10%", "10", "2.5%": a percentage above 0 and below 100, as a fraction. Fails with a usage error
// naming the text otherwise.
[[nodiscard]] Result<double> parse_threshold(std::string_view text);

}  // namespace pipetop

#pragma once
// This machine against a baseline (`check --compare`, `run --compare`): measurement by measurement the
// ratio of the headline figures, whether the difference is beyond the noise, and a verdict; beside them
// the facts and the settings that differ. Pure: both sides come from measured_results.hpp.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/error.hpp"
#include "pipetop/core/measured_results.hpp"

namespace pipetop {

inline constexpr double kDefaultRegressionThreshold = 0.10;

enum class CompareVerdict {
  regressed,    // slower by more than the threshold, beyond the noise: the gate fails
  slower,       // slower beyond the noise, by less than the threshold
  same,         // the difference is within the noise
  faster,       // faster beyond the noise, by less than the threshold
  improved,     // faster by more than the threshold, beyond the noise
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
  // The measurements that regressed beyond the threshold.
  [[nodiscard]] std::vector<const MeasurementComparison*> regressions() const;
};

// Compares `current` with `baseline`, matching measurements by name (a run has one, matched whatever
// its name). `threshold` is a fraction (0.1: 10%).
[[nodiscard]] Comparison compare_results(const MeasuredResults& baseline, const MeasuredResults& current,
                                         double threshold, std::string baseline_name);

// "10%", "10", "2.5%": a percentage above 0 and below 100, as a fraction. Fails with a usage error
// naming the text otherwise.
[[nodiscard]] Result<double> parse_threshold(std::string_view text);

}  // namespace pipetop

#pragma once
// A baseline: one configuration's figure that the dashboard draws dimmed behind the live trace and
// measures the current segment against ("× vs base"). Pinned from the current segment (B), or read
// from a recording or `run --format json` output (--baseline FILE).

#include <optional>
#include <string>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/screen/history.hpp"
#include "pipetop/core/stage/recording.hpp"

namespace pipetop {

struct Baseline {
  std::string label;  // what the chart's line says: the segment's label, or the file's name
  RunConfig config;
  double gib_per_s = 0;  // its steady-state mean
  std::optional<double> p5;
  std::optional<double> p95;
};

// The current segment of `history` as a baseline; nullopt before it has a mean.
[[nodiscard]] std::optional<Baseline> pin_baseline(const History& history);

// The baseline a recording gives, labelled `name`: its last configuration with a mean (a run has one),
// or a run's summary figure when it has no samples (--quiet). An error (usage) when it has neither.
[[nodiscard]] Result<Baseline> recorded_baseline(const Recording& recording, const std::string& name);

// The current segment's mean against the baseline's; nullopt when either is unknown.
[[nodiscard]] std::optional<double> against_baseline(const SegmentStats& stats, const Baseline& baseline);

}  // namespace pipetop

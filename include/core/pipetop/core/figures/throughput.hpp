#pragma once
// Throughput from cumulative samples. Every rate comes from a positive time delta and a
// non-decreasing byte count; anything else yields std::nullopt, so no impossible rate is ever shown.

#include <cstdint>
#include <optional>
#include <vector>

#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/figures/segment_throughput.hpp"

namespace pipetop {

[[nodiscard]] double bytes_to_gib(double bytes) noexcept;

// Bytes per second from `from` to `to`; nullopt if to.t_ns <= from.t_ns or bytes went backwards.
[[nodiscard]] std::optional<double> rate_bytes_per_s(const Sample& from, const Sample& to) noexcept;

struct ThroughputSummary {
  std::optional<double> gib_per_s;         // the steady-state mean (segment_throughput.hpp)
  std::optional<double> gib_per_s_median;  // median of the per-interval rates in that steady state
  std::uint64_t bytes = 0;                 // bytes between the first and the last sample
  double elapsed_s = 0;                    // time between the first and the last sample
  std::size_t samples = 0;
  // The steady state cut into kSteadyWindows equal windows, each window's mean: their spread is the
  // run's noise when it is compared with a baseline (rate_timeline.hpp). Fewer when too short to cut.
  std::vector<double> gib_per_s_windows;
};

inline constexpr std::size_t kSteadyWindows = 5;

// The figures of a segment as every report gives them.
[[nodiscard]] ThroughputSummary throughput_summary(const SegmentThroughput& segment);

}  // namespace pipetop

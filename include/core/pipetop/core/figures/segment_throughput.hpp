#pragma once
// "GiB/s of a segment" — the one definition every output uses (run's summary, the dashboard's
// readout and leaderboard, exports, check and tune): the bytes the reader moved over the time they
// took, after a warm-up that keeps the restart's transient out. The warm-up is the first 200 ms of the
// segment, or its first 10% while it is shorter than 2 s. Fed the reader's samples as they arrive,
// with per-sample work and memory that do not grow with the segment's length.

#include <cstdint>
#include <deque>
#include <optional>
#include <string_view>

#include "pipetop/core/figures/rate_distribution.hpp"
#include "pipetop/core/figures/sample.hpp"

namespace pipetop {

inline constexpr std::int64_t kWarmupNs = 200'000'000;
inline constexpr double kWarmupFraction = 0.10;

// How the headline figure is made, in words, for every output that shows it.
inline constexpr std::string_view kHeadlineDefinition = "steady-state mean: first 200 ms (or 10%) dropped";

class SegmentThroughput {
 public:
  // A reader sample of the segment, in time order; one that does not move time forward, or whose
  // bytes go backwards, is ignored.
  void add(const Sample& reader);

  // The steady-state mean; nullopt before two samples.
  [[nodiscard]] std::optional<double> gib_per_s() const;
  // A quantile of the per-interval rates after the warm-up (to within 0.05%; exact while the segment
  // is shorter than 2 s); nullopt before two samples.
  [[nodiscard]] std::optional<double> quantile(double p) const;

  [[nodiscard]] std::uint64_t bytes() const;  // from the first sample to the last
  [[nodiscard]] double elapsed_s() const;
  [[nodiscard]] std::size_t samples() const { return samples_; }

 private:
  struct Early {  // a sample of the first 2 s, and the rate of the interval it ends
    Sample sample;
    std::optional<double> gib_per_s;
  };
  [[nodiscard]] std::int64_t warmup_end_ns() const;
  [[nodiscard]] const Sample& steady_start() const;
  [[nodiscard]] bool settled() const;  // 2 s in: the warm-up is fixed at 200 ms

  std::deque<Early> early_;  // every sample until 2 s after the first, and the first one past it
  RateDistribution steady_;  // rates of intervals starting at or after 200 ms (used once settled)
  std::optional<Sample> last_;
  std::size_t samples_ = 0;
};

}  // namespace pipetop

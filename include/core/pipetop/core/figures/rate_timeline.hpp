#pragma once
// A segment's throughput over its whole length, in memory bounded whatever the length: the paced
// worker's samples as spans of time, each with the bytes moved across it and its slowest and fastest
// sample interval. A span takes in sample intervals until it is as long as the grain; at most
// kTimelineSpans spans are kept, and when one more is needed every two neighbours merge and the grain
// doubles. So an hour's run keeps its shape at a grain of about 3.5 s, a 4 s run every 10 ms
// interval. The run's picture and the steady state's windows (a run's noise, for --compare) read it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "pipetop/core/figures/rate_point.hpp"
#include "pipetop/core/figures/sample.hpp"

namespace pipetop {

inline constexpr std::size_t kTimelineSpans = 1024;

class RateTimeline {
 public:
  // The paced worker's next sample; one that does not move time forward, or whose bytes go backwards,
  // is ignored (as SegmentThroughput ignores it).
  void add(const Sample& sample);

  // The spans as the chart draws them, in time order.
  [[nodiscard]] std::vector<RatePoint> points() const;

  // The steady state (after the warm-up of segment_throughput.hpp) cut into `count` windows of equal
  // time, each window's GiB/s from the first span edges at or after its own edges; a window no edge
  // falls in is left out. Edges are as fine as the grain.
  [[nodiscard]] std::vector<double> steady_windows(std::size_t count) const;

  [[nodiscard]] std::int64_t grain_ns() const { return grain_ns_; }

 private:
  struct Span {
    std::int64_t t0_ns = 0;
    std::int64_t t1_ns = 0;
    std::uint64_t bytes0 = 0;
    std::uint64_t bytes1 = 0;
    double lo = 0;  // the slowest sample interval in it, GiB/s
    double hi = 0;
  };
  void halve();

  std::vector<Span> spans_;
  std::int64_t grain_ns_ = 0;  // a span takes in intervals until it is this long; 0 until the first halving
  std::optional<Sample> last_;
};

}  // namespace pipetop

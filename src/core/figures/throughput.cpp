#include "pipetop/core/figures/throughput.hpp"

#include <algorithm>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/figures/segment_throughput.hpp"

namespace pipetop {
double bytes_to_gib(double bytes) noexcept {
  return bytes / static_cast<double>(kGiB);
}

std::optional<double> rate_bytes_per_s(const Sample& from, const Sample& to) noexcept {
  if (to.t_ns <= from.t_ns || to.bytes < from.bytes) return std::nullopt;
  return static_cast<double>(to.bytes - from.bytes) * 1e9 / static_cast<double>(to.t_ns - from.t_ns);
}

ThroughputSummary throughput_summary(const SegmentThroughput& segment) {
  ThroughputSummary summary;
  summary.samples = segment.samples();
  summary.bytes = segment.bytes();
  summary.elapsed_s = segment.elapsed_s();
  summary.gib_per_s = segment.gib_per_s();
  summary.gib_per_s_median = segment.quantile(0.5);
  return summary;
}

}  // namespace pipetop

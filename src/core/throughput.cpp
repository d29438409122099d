#include "pipetop/core/throughput.hpp"

#include <algorithm>

#include "pipetop/core/segment_throughput.hpp"
#include "pipetop/core/size.hpp"

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

std::vector<double> steady_windows(std::span<const Sample> samples, std::size_t count) {
  std::vector<double> windows;
  if (samples.size() < 2 || count == 0) return windows;
  const std::int64_t first = samples.front().t_ns;
  const std::int64_t elapsed = samples.back().t_ns - first;
  if (elapsed <= 0) return windows;
  const std::int64_t start =
      first + std::min(kWarmupNs, static_cast<std::int64_t>(kWarmupFraction * static_cast<double>(elapsed)));
  const double width = static_cast<double>(samples.back().t_ns - start) / static_cast<double>(count);
  const auto at_or_after = [&samples](std::int64_t t) {
    return std::lower_bound(samples.begin(), samples.end(), t,
                            [](const Sample& s, std::int64_t x) { return s.t_ns < x; });
  };
  for (std::size_t i = 0; i < count; ++i) {
    const auto from = at_or_after(start + static_cast<std::int64_t>(width * static_cast<double>(i)));
    const auto to = i + 1 == count ? samples.end() - 1
                                   : at_or_after(start + static_cast<std::int64_t>(width * static_cast<double>(i + 1)));
    if (to == samples.end()) continue;
    if (const std::optional<double> rate = rate_bytes_per_s(*from, *to)) windows.push_back(bytes_to_gib(*rate));
  }
  return windows;
}

ThroughputSummary summarize_throughput(std::span<const Sample> samples) {
  SegmentThroughput segment;
  for (const Sample& s : samples) segment.add(s);
  ThroughputSummary summary = throughput_summary(segment);
  summary.samples = samples.size();
  summary.gib_per_s_windows = steady_windows(samples, kSteadyWindows);
  return summary;
}

}  // namespace pipetop

#include "pipetop/core/throughput.hpp"

#include <vector>

#include "pipetop/core/size.hpp"
#include "pipetop/core/stats.hpp"

namespace pipetop {
namespace {
constexpr double kWarmupFraction = 0.10;
}

double bytes_to_gib(double bytes) noexcept { return bytes / static_cast<double>(kGiB); }

std::optional<double> rate_bytes_per_s(const Sample& from, const Sample& to) noexcept {
  if (to.t_ns <= from.t_ns || to.bytes < from.bytes) return std::nullopt;
  return static_cast<double>(to.bytes - from.bytes) * 1e9 / static_cast<double>(to.t_ns - from.t_ns);
}

ThroughputSummary summarize_throughput(std::span<const Sample> samples) {
  ThroughputSummary summary;
  summary.samples = samples.size();
  if (samples.size() < 2) return summary;
  const Sample& first = samples.front();
  const Sample& last = samples.back();
  summary.bytes = last.bytes >= first.bytes ? last.bytes - first.bytes : 0;
  summary.elapsed_s = static_cast<double>(last.t_ns - first.t_ns) / 1e9;

  const auto warmup_end = first.t_ns + static_cast<std::int64_t>(
                                           kWarmupFraction * static_cast<double>(last.t_ns - first.t_ns));
  std::size_t steady = 0;
  while (steady + 1 < samples.size() && samples[steady].t_ns < warmup_end) ++steady;
  if (steady + 1 >= samples.size()) steady = 0;  // too few samples to drop a warm-up: use them all

  if (auto rate = rate_bytes_per_s(samples[steady], last)) summary.gib_per_s = bytes_to_gib(*rate);
  std::vector<double> rates;
  for (std::size_t i = steady + 1; i < samples.size(); ++i) {
    if (auto rate = rate_bytes_per_s(samples[i - 1], samples[i])) rates.push_back(bytes_to_gib(*rate));
  }
  summary.gib_per_s_median = median(rates);
  return summary;
}

}  // namespace pipetop

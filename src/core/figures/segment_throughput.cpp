#include "pipetop/core/figures/segment_throughput.hpp"

#include <algorithm>
#include <vector>

#include "pipetop/core/base/stats.hpp"
#include "pipetop/core/figures/throughput.hpp"

namespace pipetop {
namespace {

// Until a segment has run for this long its warm-up still moves (10% of it), so its rates are kept
// one by one and its quantiles are exact.
constexpr std::int64_t kSettledNs = static_cast<std::int64_t>(kWarmupNs / kWarmupFraction);

}  // namespace

void SegmentThroughput::add(const Sample& s) {
  std::optional<double> rate;
  if (last_) {
    if (s.t_ns <= last_->t_ns || s.bytes < last_->bytes) return;
    if (const std::optional<double> r = rate_bytes_per_s(*last_, s)) rate = bytes_to_gib(*r);
    if (rate && last_->t_ns >= early_.front().sample.t_ns + kWarmupNs) steady_.add(*rate);
  }
  ++samples_;
  if (early_.empty() || early_.back().sample.t_ns < early_.front().sample.t_ns + kSettledNs) {
    early_.push_back({s, rate});
  }
  last_ = s;
}

bool SegmentThroughput::settled() const {
  return last_ && !early_.empty() && last_->t_ns - early_.front().sample.t_ns >= kSettledNs;
}

std::int64_t SegmentThroughput::warmup_end_ns() const {
  const std::int64_t t0 = early_.front().sample.t_ns;
  const std::int64_t elapsed = last_->t_ns - t0;
  return t0 + std::min(kWarmupNs, static_cast<std::int64_t>(kWarmupFraction * static_cast<double>(elapsed)));
}

// The first sample at or after the warm-up; the segment's first when that would leave no interval.
const Sample& SegmentThroughput::steady_start() const {
  const std::int64_t end = warmup_end_ns();
  const auto it = std::lower_bound(early_.begin(), early_.end(), end,
                                   [](const Early& e, std::int64_t t) { return e.sample.t_ns < t; });
  if (it == early_.end() || it->sample.t_ns >= last_->t_ns) return early_.front().sample;
  return it->sample;
}

std::optional<double> SegmentThroughput::gib_per_s() const {
  if (samples_ < 2) return std::nullopt;
  const std::optional<double> rate = rate_bytes_per_s(steady_start(), *last_);
  if (!rate) return std::nullopt;
  return bytes_to_gib(*rate);
}

std::optional<double> SegmentThroughput::quantile(double p) const {
  if (samples_ < 2) return std::nullopt;
  if (settled()) return steady_.quantile(p);
  const std::int64_t start = steady_start().t_ns;
  std::vector<double> rates;
  for (std::size_t i = 1; i < early_.size(); ++i) {
    if (early_[i].gib_per_s && early_[i - 1].sample.t_ns >= start) rates.push_back(*early_[i].gib_per_s);
  }
  return percentile(rates, p);
}

std::uint64_t SegmentThroughput::bytes() const {
  return early_.empty() ? 0 : last_->bytes - early_.front().sample.bytes;
}

double SegmentThroughput::elapsed_s() const {
  return early_.empty() ? 0.0 : static_cast<double>(last_->t_ns - early_.front().sample.t_ns) / 1e9;
}

}  // namespace pipetop

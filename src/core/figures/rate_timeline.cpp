#include "pipetop/core/figures/rate_timeline.hpp"

#include <algorithm>

#include "pipetop/core/figures/segment_throughput.hpp"
#include "pipetop/core/figures/throughput.hpp"

namespace pipetop {
namespace {

double gib_per_s(std::uint64_t bytes, std::int64_t ns) {
  return bytes_to_gib(static_cast<double>(bytes) * 1e9 / static_cast<double>(ns));
}

}  // namespace

void RateTimeline::add(const Sample& s) {
  if (last_ && (s.t_ns <= last_->t_ns || s.bytes < last_->bytes)) return;
  if (last_) {
    const double rate = gib_per_s(s.bytes - last_->bytes, s.t_ns - last_->t_ns);
    if (!spans_.empty() && spans_.back().t1_ns == last_->t_ns &&
        spans_.back().t1_ns - spans_.back().t0_ns < grain_ns_) {
      Span& span = spans_.back();
      span.t1_ns = s.t_ns;
      span.bytes1 = s.bytes;
      span.lo = std::min(span.lo, rate);
      span.hi = std::max(span.hi, rate);
    } else {
      if (spans_.size() == kTimelineSpans) halve();
      spans_.push_back({last_->t_ns, s.t_ns, last_->bytes, s.bytes, rate, rate});
    }
  }
  last_ = s;
}

// Every two neighbours become one span, and later spans grow to the length of the merged ones.
void RateTimeline::halve() {
  std::vector<Span> merged;
  merged.reserve(spans_.size() / 2 + 1);
  for (std::size_t i = 0; i < spans_.size(); i += 2) {
    Span span = spans_[i];
    if (i + 1 < spans_.size()) {
      const Span& next = spans_[i + 1];
      span.t1_ns = next.t1_ns;
      span.bytes1 = next.bytes1;
      span.lo = std::min(span.lo, next.lo);
      span.hi = std::max(span.hi, next.hi);
    }
    merged.push_back(span);
  }
  spans_ = std::move(merged);
  const std::int64_t total = spans_.back().t1_ns - spans_.front().t0_ns;
  grain_ns_ = std::max(grain_ns_ * 2, total / static_cast<std::int64_t>(spans_.size()));
}

std::vector<RatePoint> RateTimeline::points() const {
  std::vector<RatePoint> points;
  points.reserve(spans_.size());
  for (const Span& s : spans_) {
    // A span's time is positive: it holds at least one interval that moved time forward.
    points.push_back({s.t0_ns, s.t1_ns, gib_per_s(s.bytes1 - s.bytes0, s.t1_ns - s.t0_ns), s.lo, s.hi});
  }
  return points;
}

std::vector<double> RateTimeline::steady_windows(std::size_t count) const {
  std::vector<double> windows;
  if (spans_.empty() || count == 0) return windows;
  // The edges, and the bytes at each: every span's start, and the last span's end.
  std::vector<std::pair<std::int64_t, std::uint64_t>> edges;
  edges.reserve(spans_.size() + 1);
  for (const Span& s : spans_) edges.emplace_back(s.t0_ns, s.bytes0);
  edges.emplace_back(spans_.back().t1_ns, spans_.back().bytes1);
  const std::int64_t first = edges.front().first;
  const std::int64_t elapsed = edges.back().first - first;
  const std::int64_t start =
      first + std::min(kWarmupNs, static_cast<std::int64_t>(kWarmupFraction * static_cast<double>(elapsed)));
  const double width = static_cast<double>(edges.back().first - start) / static_cast<double>(count);
  const auto at_or_after = [&edges](std::int64_t t) {
    return std::lower_bound(edges.begin(), edges.end(), t, [](const auto& e, std::int64_t x) { return e.first < x; });
  };
  for (std::size_t i = 0; i < count; ++i) {
    const auto from = at_or_after(start + static_cast<std::int64_t>(width * static_cast<double>(i)));
    const auto to = i + 1 == count ? edges.end() - 1
                                   : at_or_after(start + static_cast<std::int64_t>(width * static_cast<double>(i + 1)));
    if (to == edges.end() || from == edges.end() || to->first <= from->first) continue;
    windows.push_back(gib_per_s(to->second - from->second, to->first - from->first));
  }
  return windows;
}

}  // namespace pipetop

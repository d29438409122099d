#include "pipetop/core/history.hpp"

#include <algorithm>

#include "pipetop/core/stats.hpp"
#include "pipetop/core/throughput.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kRecentNs = 2'000'000'000;
constexpr std::int64_t kFigureWindowNs = 1'000'000'000;
constexpr std::int64_t kFigureStepNs = 500'000'000;

// The oldest sample of `recent` no older than `window_ns` before its newest one.
const Sample* window_start(const std::deque<Sample>& recent, std::int64_t window_ns) {
  if (recent.size() < 2) return nullptr;
  const std::int64_t from = recent.back().t_ns - window_ns;
  for (const Sample& s : recent) {
    if (s.t_ns >= from && s.t_ns < recent.back().t_ns) return &s;
  }
  return &recent[recent.size() - 2];
}

}  // namespace

History::History(std::int64_t retention_ns) : retention_ns_(retention_ns) {}

void History::begin_segment(std::int64_t t_ns, const RunConfig& config, std::string label,
                            std::vector<CounterInfo> writer_counters, std::vector<CounterInfo> reader_counters) {
  segments_.push_back({t_ns, std::move(label), config});
  segment_totals_.emplace_back(0, 0);
  writer_.counters = std::move(writer_counters);
  reader_.counters = std::move(reader_counters);
  for (WorkerTrack* t : {&writer_, &reader_}) {
    t->recent.clear();  // a new session counts from zero: no delta across the restart
    t->next_figure_ns = 0;
  }
}

void History::add(WorkerRole role, const Sample& sample) {
  WorkerTrack& t = track(role);
  if (!t.recent.empty() && sample.t_ns <= t.recent.back().t_ns) return;  // out of order: keep rates sane
  if (role == WorkerRole::reader) add_rate(sample);
  t.recent.push_back(sample);
  while (t.recent.size() > 2 && t.recent.front().t_ns < sample.t_ns - kRecentNs) t.recent.pop_front();
  if (t.recent.size() >= 2 && sample.t_ns >= t.next_figure_ns) {
    const Sample& from = *window_start(t.recent, kFigureWindowNs);
    FigurePoint point{sample.t_ns, derive_figures(t.counters, from, sample), {}};
    for (std::size_t i = 0; i < sample.counter_count && i < from.counter_count; ++i) {
      point.running[i] = running_fraction(from.counters[i], sample.counters[i]);
    }
    t.figures.push_back(point);
    t.next_figure_ns = sample.t_ns + kFigureStepNs;
  }
  latest_ns_ = std::max(latest_ns_.value_or(sample.t_ns), sample.t_ns);
  trim(*latest_ns_);
}

void History::add_rate(const Sample& sample) {
  const std::deque<Sample>& recent = reader_.recent;
  if (recent.empty() || segments_.empty()) return;
  const Sample& previous = recent.back();
  const std::optional<double> rate = rate_bytes_per_s(previous, sample);
  if (!rate) return;
  rates_.push_back({previous.t_ns, sample.t_ns, bytes_to_gib(*rate)});
  auto& [bytes, ns] = segment_totals_.back();
  bytes += sample.bytes - previous.bytes;
  ns += sample.t_ns - previous.t_ns;
}

void History::trim(std::int64_t now_ns) {
  while (!rates_.empty() && rates_.front().t1_ns < now_ns - retention_ns_) rates_.pop_front();
  for (WorkerTrack* t : {&writer_, &reader_}) {
    while (!t->figures.empty() && t->figures.front().t_ns < now_ns - retention_ns_) t->figures.pop_front();
  }
}

void History::reset(std::int64_t t_ns) {
  rates_.clear();
  if (!segments_.empty()) {
    Segment current = segments_.back();
    current.start_ns = t_ns;
    segments_ = {current};
  }
  segment_totals_ = {{0, 0}};
  writer_.figures.clear();
  reader_.figures.clear();
}

std::optional<double> History::current_gib_per_s(std::int64_t window_ns) const {
  const Sample* from = window_start(reader_.recent, window_ns);
  if (from == nullptr) return std::nullopt;
  const std::optional<double> rate = rate_bytes_per_s(*from, reader_.recent.back());
  if (!rate) return std::nullopt;
  return bytes_to_gib(*rate);
}

std::optional<double> History::segment_mean(std::size_t index) const {
  if (index >= segment_totals_.size()) return std::nullopt;
  const auto& [bytes, ns] = segment_totals_[index];
  if (ns <= 0) return std::nullopt;
  return bytes_to_gib(static_cast<double>(bytes) * 1e9 / static_cast<double>(ns));
}

SegmentStats History::current_segment_stats() const {
  SegmentStats stats;
  if (segments_.empty()) return stats;
  stats.mean = segment_mean(segments_.size() - 1);
  std::vector<double> values;
  const std::int64_t start = segments_.back().start_ns;
  for (auto it = rates_.rbegin(); it != rates_.rend() && it->t0_ns >= start; ++it) values.push_back(it->gib_per_s);
  stats.p5 = percentile(values, 0.05);
  stats.p95 = percentile(values, 0.95);
  const std::optional<double> first = segment_mean(0);
  if (stats.mean && first && *first > 0) stats.speedup = *stats.mean / *first;
  return stats;
}

const std::deque<FigurePoint>& History::figures(WorkerRole role) const {
  return role == WorkerRole::writer ? writer_.figures : reader_.figures;
}

const std::vector<CounterInfo>& History::counters(WorkerRole role) const {
  return role == WorkerRole::writer ? writer_.counters : reader_.counters;
}

}  // namespace pipetop

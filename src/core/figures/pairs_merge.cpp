#include "pipetop/core/figures/pairs_merge.hpp"

#include <algorithm>
#include <cmath>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

// `from` + (`to` - `from`) × `f`, for a cumulative figure (never below `from`).
std::uint64_t between(std::uint64_t from, std::uint64_t to, double f) {
  if (to <= from) return from;
  return from + static_cast<std::uint64_t>(std::llround(static_cast<double>(to - from) * f));
}

// `worker`'s cumulative figures at `t_ns`, between its two samples around it (its first sample is at or
// before `t_ns`).
Sample at(const std::deque<Sample>& recent, std::int64_t t_ns) {
  const auto after = std::find_if(recent.begin(), recent.end(), [&](const Sample& s) { return s.t_ns > t_ns; });
  const Sample& a = *std::prev(after);
  if (after == recent.end() || a.t_ns == t_ns) return a;
  const Sample& b = *after;
  const double f = static_cast<double>(t_ns - a.t_ns) / static_cast<double>(b.t_ns - a.t_ns);
  Sample s = a;
  s.t_ns = t_ns;
  s.bytes = between(a.bytes, b.bytes, f);
  s.syscalls = between(a.syscalls, b.syscalls, f);
  s.eagain = between(a.eagain, b.eagain, f);
  s.spin_ns = between(a.spin_ns, b.spin_ns, f);
  for (std::size_t i = 0; i < std::min(a.counter_count, b.counter_count); ++i) {
    s.counters[i].value = between(a.counters[i].value, b.counters[i].value, f);
    s.counters[i].time_enabled = between(a.counters[i].time_enabled, b.counters[i].time_enabled, f);
    s.counters[i].time_running = between(a.counters[i].time_running, b.counters[i].time_running, f);
  }
  return s;
}

void add_to(Sample& sum, const Sample& s) {
  sum.bytes += s.bytes;
  sum.syscalls += s.syscalls;
  sum.eagain += s.eagain;
  sum.spin_ns += s.spin_ns;
  sum.counter_count = std::min(sum.counter_count, s.counter_count);
  for (std::size_t i = 0; i < sum.counter_count; ++i) {
    sum.counters[i].value += s.counters[i].value;
    sum.counters[i].time_enabled += s.counters[i].time_enabled;
    sum.counters[i].time_running += s.counters[i].time_running;
  }
}

std::size_t index_of(WorkerRole role) {
  return role == WorkerRole::writer ? 0 : 1;
}

}  // namespace

PairsMerge::PairsMerge(std::size_t pairs, std::int64_t rate_window_ns)
    : rate_window_ns_(rate_window_ns), pairs_(std::max<std::size_t>(pairs, 1)) {}

void PairsMerge::restart() {
  for (Pair& p : pairs_) p = Pair{};
  merged_ns_[0] = merged_ns_[1] = kNone;
}

PairsMerge::Worker& PairsMerge::worker(std::size_t pair, WorkerRole role) {
  return role == WorkerRole::writer ? pairs_[pair].writer : pairs_[pair].reader;
}

void PairsMerge::add(std::size_t pair, WorkerRole role, const Sample& sample) {
  if (pair >= pairs_.size()) return;
  std::deque<Sample>& recent = worker(pair, role).recent;
  if (!recent.empty() && sample.t_ns <= recent.back().t_ns) return;
  recent.push_back(sample);
  // Kept: the last sample at or before the instant summed, and the rate window's (the reader's).
  const std::int64_t window_start = role == WorkerRole::reader ? sample.t_ns - rate_window_ns_ : sample.t_ns;
  const std::int64_t keep_from = std::min(merged_ns_[index_of(role)], window_start);
  while (recent.size() > 2 && recent[1].t_ns <= keep_from) recent.pop_front();
}

std::vector<Sample> PairsMerge::merged(WorkerRole role) {
  std::int64_t reached_ns = 0;
  std::int64_t first_ns = 0;
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    const std::deque<Sample>& recent = worker(k, role).recent;
    if (recent.empty()) return {};
    reached_ns = k == 0 ? recent.back().t_ns : std::min(reached_ns, recent.back().t_ns);
    first_ns = std::max(first_ns, recent.front().t_ns);
  }
  std::int64_t& last = merged_ns_[index_of(role)];
  std::vector<Sample> sums;
  // At the first pair's own instants, as one pair's samples come: the same resolution.
  for (const Sample& instant : worker(0, role).recent) {
    if (instant.t_ns <= last || instant.t_ns < first_ns) continue;  // done, or a pair had not begun
    if (instant.t_ns > reached_ns) break;
    Sample sum;
    sum.t_ns = instant.t_ns;
    sum.counter_count = static_cast<std::uint32_t>(kMaxCounters);
    std::int64_t fill = 0;
    int fills = 0;
    for (std::size_t k = 0; k < pairs_.size(); ++k) {
      const Sample s = at(worker(k, role).recent, instant.t_ns);
      add_to(sum, s);
      if (s.pipe_fill >= 0) {
        fill += s.pipe_fill;
        ++fills;
      }
    }
    sum.pipe_fill = fills > 0 ? fill / fills : -1;
    sums.push_back(sum);
  }
  if (!sums.empty()) last = sums.back().t_ns;
  return sums;
}

std::optional<double> PairsMerge::gib_per_s(std::size_t pair) const {
  if (pair >= pairs_.size()) return std::nullopt;
  const std::deque<Sample>& recent = pairs_[pair].reader.recent;
  if (recent.size() < 2) return std::nullopt;
  const Sample& last = recent.back();
  const auto first = std::find_if(recent.begin(), recent.end(),
                                  [&](const Sample& s) { return s.t_ns >= last.t_ns - rate_window_ns_; });
  const Sample& from = first == std::prev(recent.end()) ? *std::prev(first) : *first;
  if (last.t_ns <= from.t_ns || last.bytes < from.bytes) return std::nullopt;
  return static_cast<double>(last.bytes - from.bytes) / static_cast<double>(kGiB) /
         (static_cast<double>(last.t_ns - from.t_ns) / static_cast<double>(kNsPerS));
}

ProcessTimes mean_times(const std::vector<ProcessTimes>& times) {
  ProcessTimes mean;
  if (times.empty()) return mean;
  ProcessTimes sum;
  for (const ProcessTimes& t : times) {
    sum.t_ns += t.t_ns;
    sum.run_ns += t.run_ns;
    sum.wait_ns += t.wait_ns;
    sum.cpu.user_ns += t.cpu.user_ns;
    sum.cpu.system_ns += t.cpu.system_ns;
    sum.voluntary_switches += t.voluntary_switches;
    sum.involuntary_switches += t.involuntary_switches;
  }
  const auto n = static_cast<std::int64_t>(times.size());
  mean.t_ns = sum.t_ns / n;
  mean.run_ns = sum.run_ns / n;
  mean.wait_ns = sum.wait_ns / n;
  mean.cpu.user_ns = sum.cpu.user_ns / n;
  mean.cpu.system_ns = sum.cpu.system_ns / n;
  mean.voluntary_switches = sum.voluntary_switches / static_cast<std::uint64_t>(n);
  mean.involuntary_switches = sum.involuntary_switches / static_cast<std::uint64_t>(n);
  return mean;
}

}  // namespace pipetop

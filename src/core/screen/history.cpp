#include "pipetop/core/screen/history.hpp"

#include <algorithm>
#include <iterator>

#include "pipetop/core/figures/throughput.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kRecentNs = 2'000'000'000;
constexpr std::int64_t kFigureWindowNs = 1'000'000'000;
constexpr std::int64_t kFigureStepNs = 500'000'000;
// Consecutive sample intervals are merged into one RatePoint until it spans this long, so the chart's
// work per frame is bounded whatever the sampling interval.
constexpr std::int64_t kRateSpanNs = 20'000'000;

// The oldest element of `recent` no older than `window_ns` before its newest one.
template <class T>
const T* window_start(const std::deque<T>& recent, std::int64_t window_ns) {
  if (recent.size() < 2) return nullptr;
  // The latest reading at least `window_ns` before the last, so that the window is never shorter
  // than asked where older readings exist: readings a second apart (a headless run's /proc times)
  // and a last one just after the one before (the run's final reading) gave a window of a few
  // milliseconds, with no context switch in it. The oldest when none is that old.
  // The readings are in time order: a binary search, not a walk over two seconds of them per figure.
  const std::int64_t from = recent.back().t_ns - window_ns;
  const auto last_but_one = std::prev(recent.end());
  const auto after = std::upper_bound(recent.begin(), last_but_one, from,
                                      [](std::int64_t t, const T& reading) { return t < reading.t_ns; });
  return after == recent.begin() ? &recent.front() : &*std::prev(after);
}

std::optional<double> per_second(double delta, std::int64_t ns) {
  if (ns <= 0 || delta < 0) return std::nullopt;
  return delta * 1e9 / static_cast<double>(ns);
}

}  // namespace

History::History(std::int64_t window_ns) : window_ns_(window_ns) {}

void History::apply(const SessionEvent& event) {
  struct Visitor {
    History& h;
    void operator()(const SegmentStart& e) const { h.begin_segment(e); }
    void operator()(const WorkerSample& e) const { h.add(e.role, e.sample); }
    void operator()(const OtherCounts& e) const { h.add_other_counts(e.role, e.sample); }
    void operator()(const WorkerTimes& e) const { h.add_times(e.role, e.times); }
    void operator()(const HugePagesSeen& e) const { h.set_huge_pages(e.result); }
    void operator()(const PairProblem& e) const { h.set_problem(e.text); }
    void operator()(const ChangeRefused&) const {}  // nothing changed: the dashboard's status line says why
    void operator()(const ProfileStarted& e) const { h.start_profile(e); }
    void operator()(const ProfileBatch& e) const { h.add_profile(e); }
  };
  std::visit(Visitor{*this}, event);
}

void History::close_segment() {
  if (segments_.empty()) return;
  segments_.back().stats = current_segment_stats();
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    const std::optional<WorkerProfile>& p = profile(role);
    segments_.back().profiles[role_index(role)] = p ? std::optional(summarize_profile(*p)) : std::nullopt;
  }
}

void History::begin_segment(const SegmentStart& start) {
  close_segment();
  segments_.push_back({start.t_ns, start.label, start.config, {}, {}});
  current_ = SegmentAggregate(start);
  for (WorkerTrack* t : {&writer_, &reader_}) {
    t->recent.clear();  // a new session counts from zero: no delta across the restart
    t->next_figure_ns = 0;
    t->times.clear();  // and runs in other processes
  }
  problem_.clear();
}

void History::add(WorkerRole role, const Sample& sample) {
  if (segments_.empty()) return;
  const WorkerTrack& t = track(role);
  if (!t.recent.empty() && sample.t_ns <= t.recent.back().t_ns) return;  // out of order: keep rates sane
  if (role == current_.paced_by()) add_rate(sample);
  current_.add(role, sample);
  keep(role, sample);
}

void History::add_other_counts(WorkerRole role, const Sample& counts) {
  if (segments_.empty()) return;
  const WorkerTrack& t = track(role);
  if (!t.recent.empty() && counts.t_ns <= t.recent.back().t_ns) return;
  current_.add_other_counts(role, counts);
  keep(role, counts);
}

void History::keep(WorkerRole role, const Sample& sample) {
  WorkerTrack& t = track(role);
  t.recent.push_back(sample);
  while (t.recent.size() > 2 && t.recent.front().t_ns < sample.t_ns - kRecentNs) t.recent.pop_front();
  if (t.recent.size() >= 2 && sample.t_ns >= t.next_figure_ns) add_figure(role, sample);
  latest_ns_ = std::max(latest_ns_.value_or(sample.t_ns), sample.t_ns);
  trim(*latest_ns_);
}

void History::add_figure(WorkerRole role, const Sample& sample) {
  WorkerTrack& t = track(role);
  const Sample& from = *window_start(t.recent, kFigureWindowNs);
  FigurePoint point{sample.t_ns, derive_figures(counters(role), from, sample), {}};
  for (std::size_t i = 0; i < sample.counter_count && i < from.counter_count; ++i) {
    point.running[i] = running_fraction(from.counters[i], sample.counters[i]);
  }
  t.figures.push_back(point);
  t.next_figure_ns = sample.t_ns + kFigureStepNs;
}

void History::add_rate(const Sample& sample) {
  const std::deque<Sample>& paced = track(current_.paced_by()).recent;
  if (paced.empty()) return;
  const Sample& previous = paced.back();
  const std::optional<double> bytes_per_s = rate_bytes_per_s(previous, sample);
  if (!bytes_per_s) return;
  const double rate = bytes_to_gib(*bytes_per_s);
  if (!rates_.empty() && rates_.back().t1_ns == previous.t_ns &&
      rates_.back().t1_ns - rates_.back().t0_ns < kRateSpanNs) {
    RatePoint& span = rates_.back();
    const auto before = static_cast<double>(span.t1_ns - span.t0_ns);
    const auto added = static_cast<double>(sample.t_ns - previous.t_ns);
    span.gib_per_s = (span.gib_per_s * before + rate * added) / (before + added);
    span.lo = std::min(span.lo, rate);
    span.hi = std::max(span.hi, rate);
    span.t1_ns = sample.t_ns;
    return;
  }
  rates_.push_back({previous.t_ns, sample.t_ns, rate, rate, rate});
}

void History::add_times(WorkerRole role, const ProcessTimes& times) {
  if (segments_.empty()) return;
  WorkerTrack& t = track(role);
  if (!t.times.empty() && times.t_ns <= t.times.back().t_ns) return;
  current_.add_times(role, times);
  t.times.push_back(times);
  while (t.times.size() > 2 && t.times.front().t_ns < times.t_ns - kRecentNs) t.times.pop_front();
}

void History::start_profile(const ProfileStarted& started) {
  if (!segments_.empty()) current_.start_profile(started.role, WorkerProfile{started.source, {}});
}

void History::add_profile(const ProfileBatch& batch) {
  if (!segments_.empty()) current_.add_profile(batch);
}

void History::trim(std::int64_t now_ns) {
  while (!rates_.empty() && rates_.front().t1_ns < now_ns - window_ns_) rates_.pop_front();
  for (WorkerTrack* t : {&writer_, &reader_}) {
    while (!t->figures.empty() && t->figures.front().t_ns < now_ns - window_ns_) t->figures.pop_front();
  }
}

void History::reset(std::int64_t t_ns) {
  rates_.clear();
  columns_.clear();
  if (!segments_.empty()) {
    Segment current = segments_.back();
    current.start_ns = t_ns;
    current.stats = {};
    segments_ = {current};
  }
  current_.restart_at(t_ns);
  for (WorkerTrack* t : {&writer_, &reader_}) t->figures.clear();
}

std::optional<double> History::current_gib_per_s(std::int64_t window_ns) const {
  const std::deque<Sample>& paced = track(current_.paced_by()).recent;
  const Sample* from = window_start(paced, window_ns);
  if (from == nullptr) return std::nullopt;
  const std::optional<double> rate = rate_bytes_per_s(*from, paced.back());
  if (!rate) return std::nullopt;
  return bytes_to_gib(*rate);
}

SegmentStats History::current_segment_stats() const {
  SegmentStats stats;
  if (segments_.empty()) return stats;
  const SegmentThroughput& throughput = current_.throughput();
  stats.mean = throughput.gib_per_s();
  stats.p5 = throughput.quantile(0.05);
  stats.p95 = throughput.quantile(0.95);
  stats.samples = throughput.samples();
  stats.seconds = throughput.elapsed_s();
  stats.cpu_wait = {current_.cpu_wait(WorkerRole::writer), current_.cpu_wait(WorkerRole::reader)};
  stats.bytes = throughput.bytes();
  stats.huge_pages_verified = current_.huge_pages().verified;
  const std::optional<double> first = segments_.size() == 1 ? stats.mean : segments_.front().stats.mean;
  if (stats.mean && first && *first > 0) stats.speedup = *stats.mean / *first;
  return stats;
}

const std::deque<FigurePoint>& History::figures(WorkerRole role) const {
  return track(role).figures;
}

WorkerTimeUse History::time_use(WorkerRole role) const {
  const WorkerTrack& t = track(role);
  WorkerTimeUse use;
  const ProcessTimes* from = window_start(t.times, kFigureWindowNs);
  if (from == nullptr) return use;
  const ProcessTimes& to = t.times.back();
  const std::int64_t wall = to.t_ns - from->t_ns;
  const auto percent = [wall](std::int64_t delta) -> std::optional<double> {
    const std::optional<double> share = per_second(static_cast<double>(delta), wall);
    if (!share) return std::nullopt;
    return 100.0 * *share / 1e9;
  };
  use.user_percent = percent(to.cpu.user_ns - from->cpu.user_ns);
  use.system_percent = percent(to.cpu.system_ns - from->cpu.system_ns);
  use.cpu_wait = cpu_wait_fraction(*from, to);
  if (to.voluntary_switches >= from->voluntary_switches && to.involuntary_switches >= from->involuntary_switches) {
    use.voluntary_per_s = per_second(static_cast<double>(to.voluntary_switches - from->voluntary_switches), wall);
    use.involuntary_per_s = per_second(static_cast<double>(to.involuntary_switches - from->involuntary_switches), wall);
  }
  return use;
}

WorkerCalls History::calls(WorkerRole role) const {
  const WorkerTrack& t = track(role);
  WorkerCalls calls;
  const Sample* from = window_start(t.recent, kFigureWindowNs);
  if (from == nullptr || current_.counted_from_outside(role)) return calls;  // the user's program's calls are unseen
  const Sample& to = t.recent.back();
  if (to.syscalls < from->syscalls || to.eagain < from->eagain || to.bytes < from->bytes) return calls;
  const auto made = static_cast<double>(to.syscalls - from->syscalls);
  calls.per_s = per_second(made, to.t_ns - from->t_ns);
  if (to.bytes > from->bytes) calls.per_gib = made / bytes_to_gib(static_cast<double>(to.bytes - from->bytes));
  if (made > 0) calls.eagain_share = static_cast<double>(to.eagain - from->eagain) / made;
  return calls;
}

}  // namespace pipetop

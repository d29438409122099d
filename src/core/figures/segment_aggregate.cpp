#include "pipetop/core/figures/segment_aggregate.hpp"

#include <algorithm>
#include <variant>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/figures/throughput.hpp"

namespace pipetop {
namespace {

// One counter from `first` to `last`.
CounterSummary summarize_counter(const CounterInfo& info, std::size_t i, const Sample& first, const Sample& last) {
  CounterSummary c{info, {}, {}, {}, {}};
  if (info.state == CounterState::unavailable || i >= last.counter_count || i >= first.counter_count) return c;
  c.value = scaled_delta(first.counters[i], last.counters[i]);
  c.running_fraction = running_fraction(first.counters[i], last.counters[i]);
  const double seconds = static_cast<double>(last.t_ns - first.t_ns) / 1e9;
  const double gib = bytes_to_gib(static_cast<double>(last.bytes - first.bytes));
  if (c.value && seconds > 0) c.per_second = *c.value / seconds;
  if (c.value && gib > 0) c.per_gib = *c.value / gib;
  return c;
}

// `part` of `wall_ns`, in percent of one CPU; nullopt when no time passed.
// The shortest span a share of CPU time is given over: the CPU clock and the samples are not read at
// the same instant, and over a span of microseconds (a worker that failed at its first call) that
// difference alone read as 320% of one thread.
constexpr std::int64_t kMinCpuSpanNs = 100'000'000;

std::optional<double> percent_of(std::int64_t part_ns, std::int64_t wall_ns) {
  if (wall_ns < kMinCpuSpanNs || part_ns < 0) return std::nullopt;
  return 100.0 * static_cast<double>(part_ns) / static_cast<double>(wall_ns);
}

}  // namespace

SegmentAggregate::SegmentAggregate(const SegmentStart& start) : start_(start), huge_(start.huge_pages) {}

void SegmentAggregate::apply(const SessionEvent& event) {
  struct Visitor {
    SegmentAggregate& a;
    void operator()(const SegmentStart&) const {}  // a new segment is a new aggregate
    void operator()(const WorkerSample& e) const { a.add(e.role, e.sample); }
    void operator()(const OtherCounts& e) const { a.add_other_counts(e.role, e.sample); }
    void operator()(const WorkerTimes& e) const { a.add_times(e.role, e.times); }
    void operator()(const HugePagesSeen& e) const { a.set_huge_pages(e.result); }
    void operator()(const PairProblem&) const {}
    void operator()(const ChangeRefused&) const {}
    void operator()(const ProfileStarted& e) const { a.start_profile(e.role, WorkerProfile{e.source, {}}); }
    void operator()(const ProfileBatch& e) const { a.add_profile(e); }
  };
  std::visit(Visitor{*this}, event);
}

const std::vector<CounterInfo>& SegmentAggregate::counters(WorkerRole role) const {
  return role == WorkerRole::writer ? start_.writer_counters : start_.reader_counters;
}

void SegmentAggregate::keep(Worker& w, const Sample& sample) {
  if (!w.first) w.first = sample;
  w.last = sample;
  ++w.samples;
  latest_ns_ = std::max(latest_ns_.value_or(sample.t_ns), sample.t_ns);
}

void SegmentAggregate::add(WorkerRole role, const Sample& sample) {
  Worker& w = worker(role);
  if (w.last && sample.t_ns <= w.last->t_ns) return;
  if (role == start_.paced_by) {
    throughput_.add(sample);
    timeline_.add(sample);
  }
  if (role == WorkerRole::reader) fill_.add(sample.pipe_fill, start_.pipe_bytes);
  keep(w, sample);
}

void SegmentAggregate::add_other_counts(WorkerRole role, const Sample& counts) {
  Worker& w = worker(role);
  if (w.last && counts.t_ns <= w.last->t_ns) return;
  w.from_outside = true;
  keep(w, counts);
}

void SegmentAggregate::add_times(WorkerRole role, const ProcessTimes& times) {
  Worker& w = worker(role);
  if (w.last_times && times.t_ns <= w.last_times->t_ns) return;
  if (!w.first_times) w.first_times = times;
  w.last_times = times;
  latest_ns_ = std::max(latest_ns_.value_or(times.t_ns), times.t_ns);
}

void SegmentAggregate::start_profile(WorkerRole role, WorkerProfile profile) {
  worker(role).profile = std::move(profile);
}

void SegmentAggregate::add_profile(const ProfileBatch& batch) {
  if (std::optional<WorkerProfile>& p = worker(batch.role).profile) p->add(batch.samples, batch.lost);
}

void SegmentAggregate::set_cpu_time(WorkerRole role, const CpuTime& cpu) {
  worker(role).cpu = cpu;
}

void SegmentAggregate::restart_at(std::int64_t t_ns) {
  start_.t_ns = t_ns;
  throughput_ = SegmentThroughput{};
  timeline_ = RateTimeline{};
  fill_ = PipeFill{};
  for (Worker& w : workers_) {
    w.first = w.last;
    w.samples = w.last ? 1 : 0;
    w.first_times = w.last_times;
    w.cpu.reset();
    if (w.profile) w.profile->tally = ProfileTally{};
  }
}

std::optional<double> SegmentAggregate::cpu_wait(WorkerRole role) const {
  const Worker& w = worker(role);
  if (!w.first_times || !w.last_times) return std::nullopt;
  return cpu_wait_fraction(*w.first_times, *w.last_times);
}

std::optional<TimeShares> SegmentAggregate::time_shares(WorkerRole role) const {
  const Worker& w = worker(role);
  if (!w.first_times || !w.last_times) return std::nullopt;
  const ProcessTimes& from = *w.first_times;
  const ProcessTimes& to = *w.last_times;
  // Spins are timed by pipetop's own workers; the user's program's are not seen.
  const std::optional<double> spinning =
      w.first && w.last && !w.from_outside ? spin_share(*w.first, *w.last) : std::nullopt;
  const CpuTime cpu{to.cpu.user_ns - from.cpu.user_ns, to.cpu.system_ns - from.cpu.system_ns};
  return pipetop::time_shares(from, to, spinning, user_fraction(cpu, w.profile ? &*w.profile : nullptr));
}

WorkerSummary SegmentAggregate::worker_summary(WorkerRole role) const {
  const Worker& w = worker(role);
  WorkerSummary s;
  const std::vector<CounterInfo>& infos = counters(role);
  if (w.first && w.last) {
    const Sample& first = *w.first;
    const Sample& last = *w.last;
    s.bytes = last.bytes - first.bytes;
    s.syscalls = last.syscalls - first.syscalls;
    s.eagain = last.eagain - first.eagain;
    for (std::size_t i = 0; i < infos.size(); ++i) s.counters.push_back(summarize_counter(infos[i], i, first, last));
    if (w.samples >= 2) s.derived = derive_figures(infos, first, last);
    // A reaped worker's own CPU time is exact; over the span of its samples.
    if (w.cpu && w.cpu->user_ns + w.cpu->system_ns > 0) {
      s.cpu_user_percent = percent_of(w.cpu->user_ns, last.t_ns - first.t_ns);
      s.cpu_system_percent = percent_of(w.cpu->system_ns, last.t_ns - first.t_ns);
    }
  } else {
    for (const CounterInfo& info : infos) s.counters.push_back({info, {}, {}, {}, {}});
  }
  if (w.first_times && w.last_times) {
    const ProcessTimes& from = *w.first_times;
    const ProcessTimes& to = *w.last_times;
    if (!s.cpu_user_percent) {  // not reaped yet, or the user's program: the parent's /proc readings
      s.cpu_user_percent = percent_of(to.cpu.user_ns - from.cpu.user_ns, to.t_ns - from.t_ns);
      s.cpu_system_percent = percent_of(to.cpu.system_ns - from.cpu.system_ns, to.t_ns - from.t_ns);
    }
    s.cpu_wait_fraction = cpu_wait(role);
    s.time = time_shares(role);
  }
  if (w.profile) s.profile = summarize_profile(*w.profile);
  return s;
}

RunSummary SegmentAggregate::summary() const {
  RunSummary summary;
  summary.throughput = throughput_summary(throughput_);
  summary.throughput.gib_per_s_windows = timeline_.steady_windows(kSteadyWindows);
  summary.writer = worker_summary(WorkerRole::writer);
  summary.reader = worker_summary(WorkerRole::reader);
  summary.pipe_fill = fill_;
  return summary;
}

}  // namespace pipetop

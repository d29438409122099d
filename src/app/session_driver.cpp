#include "pipetop/app/session_driver.hpp"

#include <variant>

#include "pipetop/system/clock.hpp"
#include "pipetop/system/session_watch.hpp"

namespace pipetop {
namespace {

constexpr int kTickMs = 50;
constexpr std::int64_t kStopGraceNs = 5 * kNsPerS;
// A headless run reports the workers' waits over its whole span: a reading a second is plenty, and
// keeps the parent's work per tick to draining the rings.
constexpr std::int64_t kTimesEveryNs = kNsPerS;

// What the outcome keeps of the parent's observations: each worker's first and last times, its
// profile, and the latest huge-page check.
void keep(RunOutcome& outcome, const SessionEvent& event, const DriveHooks& hooks) {
  if (hooks.on_event) hooks.on_event(event);
  if (const auto* sample = std::get_if<WorkerSample>(&event)) {
    (sample->role == WorkerRole::writer ? outcome.writer : outcome.reader).push_back(sample->sample);
    if (hooks.on_sample) hooks.on_sample(sample->role, sample->sample);
  } else if (const auto* times = std::get_if<WorkerTimes>(&event)) {
    const std::size_t i = role_index(times->role);
    if (!outcome.times_first[i]) outcome.times_first[i] = times->times;
    outcome.times_last[i] = times->times;
  } else if (const auto* huge = std::get_if<HugePagesSeen>(&event)) {
    outcome.huge_pages = huge->result;
  } else if (const auto* started = std::get_if<ProfileStarted>(&event)) {
    outcome.profiles[role_index(started->role)] = WorkerProfile{started->source, {}};
  } else if (const auto* batch = std::get_if<ProfileBatch>(&event)) {
    if (std::optional<WorkerProfile>& profile = outcome.profiles[role_index(batch->role)]) {
      profile->add(batch->samples, batch->lost);
    }
  }
}

// Waits a tick, or less when a signal comes; returns it.
std::optional<int> wait_tick(const SignalWatch* signals) {
  if (signals != nullptr) return signals->wait(kTickMs);
  sleep_ns(static_cast<std::int64_t>(kTickMs) * kNsPerMs);
  return std::nullopt;
}

// One session on its way: launched, watched each tick, ended by its own duration.
struct Driven {
  const WorkerPlan* plan = nullptr;
  std::unique_ptr<Session> session;
  std::unique_ptr<SessionWatch> watch;
  DrivenRun run;
  std::int64_t deadline_ns = 0;  // its workers' start + duration; 0 until they run
  bool done = false;
};

Result<Driven> launch(const WorkerPlan& plan, const SystemFiles& files, const ProfilingPlan* profiling) {
  Result<std::unique_ptr<Session>> launched = Session::launch(plan.config, plan.machine, plan.counters);
  if (!launched) return std::unexpected(launched.error());
  Driven d;
  d.plan = &plan;
  d.session = std::move(*launched);
  d.watch = std::make_unique<SessionWatch>(files, plan.machine, kTimesEveryNs, profiling);
  RunOutcome& outcome = d.run.outcome;
  outcome.config = d.session->config();
  outcome.pipe_bytes = d.session->pipe_bytes();
  outcome.pipe_bytes_asked = d.session->pipe_bytes_asked();
  const std::vector<int>& usable =
      plan.limits.allowed_cpus.empty() ? plan.limits.online_cpus : plan.limits.allowed_cpus;
  outcome.shared_cpus = usable.size() < 3;  // two workers and pipetop itself
  return d;
}

// One tick of `d`: its phase, its events, whether it is done. Fails when a worker failed while
// setting up (it never ran).
Result<void> step(Driven& d, const DriveHooks& hooks, std::vector<SessionEvent>& events) {
  Session& session = *d.session;
  RunOutcome& outcome = d.run.outcome;
  const Session::Phase phase = session.poll();
  if (phase == Session::Phase::running && d.deadline_ns == 0) {
    d.deadline_ns = session.started_ns() + outcome.config.duration_ns;
    outcome.started_ns = session.started_ns();
    outcome.writer_counters = session.counters(WorkerRole::writer);
    outcome.reader_counters = session.counters(WorkerRole::reader);
    outcome.huge_pages = session.huge_pages();
    if (hooks.on_running) hooks.on_running(session);
  }
  events.clear();
  d.watch->collect(session, monotonic_ns(), events);
  for (const SessionEvent& e : events) keep(outcome, e, hooks);
  if (phase == Session::Phase::ended) {
    if (d.deadline_ns == 0) {  // it never ran: a worker failed while setting up
      if (std::optional<Error> failure = session.failure()) return std::unexpected(*failure);
    }
    outcome.end = EndReason::bytes;
    d.done = true;
  }
  if (session.failure()) d.done = true;
  if (d.deadline_ns != 0 && !outcome.config.bytes_limit && monotonic_ns() >= d.deadline_ns) d.done = true;
  return {};
}

// Stops `d`'s workers and gathers what they reported into its outcome.
DrivenRun gather(Driven& d, const DriveHooks& hooks) {
  Session& session = *d.session;
  RunOutcome& outcome = d.run.outcome;
  if (session.phase() == Session::Phase::running) {  // the workers' span ends here, read or not
    std::vector<SessionEvent> events;
    const std::int64_t end_ns = monotonic_ns();
    d.watch->read_times(session, end_ns, events);
    d.watch->drain_profiles(end_ns, events);  // the samples since the last tick belong to the run too
    for (const SessionEvent& e : events) keep(outcome, e, hooks);
  }
  session.finish(kStopGraceNs);
  session.drain([&](WorkerRole role, const Sample& s) { keep(outcome, WorkerSample{role, s}, hooks); });
  if (std::optional<Error> failure = session.failure()) {
    outcome.end = EndReason::worker_failed;
    outcome.failure = format_error(*failure);
  }
  outcome.dropped_samples = session.dropped_samples();
  outcome.verify = session.verify();
  outcome.writer_cpu = session.cpu_time(WorkerRole::writer);
  outcome.reader_cpu = session.cpu_time(WorkerRole::reader);
  return std::move(d.run);
}

}  // namespace

SegmentStart segment_start_of(const Session& session, std::string label) {
  return {session.started_ns(),
          session.config(),
          std::move(label),
          session.counters(WorkerRole::writer),
          session.counters(WorkerRole::reader),
          session.pipe_bytes(),
          session.huge_pages()};
}

Result<std::vector<DrivenRun>> drive_sessions(const std::vector<WorkerPlan>& plans, const SignalWatch* signals,
                                              const SystemFiles& files, const DriveHooks& hooks,
                                              const ProfilingPlan* profiling) {
  std::vector<Driven> driven;
  for (const WorkerPlan& plan : plans) {
    Result<Driven> d = launch(plan, files, profiling);
    if (!d) return std::unexpected(d.error());  // the pairs launched so far are killed as they go
    driven.push_back(std::move(*d));
  }
  std::vector<SessionEvent> events;
  for (;;) {
    const std::optional<int> signal = wait_tick(signals);
    bool all_done = true;
    for (Driven& d : driven) {
      if (d.done) continue;
      if (Result<void> ok = step(d, hooks, events); !ok) return std::unexpected(ok.error());
      if (d.done) d.run = gather(d, hooks);  // a pair that ended stops now, not when the slowest does
      all_done = all_done && d.done;
    }
    if (signal) {
      for (Driven& d : driven) {
        d.run.signal = signal;
        if (d.run.outcome.end != EndReason::worker_failed) d.run.outcome.end = EndReason::interrupted;
      }
    }
    if (signal || all_done) break;
  }
  std::vector<DrivenRun> runs;
  for (Driven& d : driven) runs.push_back(d.done ? std::move(d.run) : gather(d, hooks));
  return runs;
}

Result<DrivenRun> drive_session(const WorkerPlan& plan, const SignalWatch* signals, const SystemFiles& files,
                                const DriveHooks& hooks, const ProfilingPlan* profiling) {
  Result<std::vector<DrivenRun>> runs = drive_sessions({plan}, signals, files, hooks, profiling);
  if (!runs) return std::unexpected(runs.error());
  return std::move(runs->front());
}

}  // namespace pipetop

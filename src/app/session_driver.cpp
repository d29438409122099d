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

Result<DrivenRun> drive_session(const WorkerPlan& plan, const SignalWatch* signals, const SystemFiles& files,
                                const DriveHooks& hooks, const ProfilingPlan* profiling) {
  Result<std::unique_ptr<Session>> launched = Session::launch(plan.config, plan.machine, plan.counters);
  if (!launched) return std::unexpected(launched.error());
  Session& session = **launched;
  const RunConfig& config = session.config();
  DrivenRun run;
  RunOutcome& outcome = run.outcome;
  outcome.config = config;
  outcome.pipe_bytes = session.pipe_bytes();
  outcome.pipe_bytes_asked = session.pipe_bytes_asked();
  const std::vector<int>& usable =
      plan.limits.allowed_cpus.empty() ? plan.limits.online_cpus : plan.limits.allowed_cpus;
  outcome.shared_cpus = usable.size() < 3;  // two workers and pipetop itself
  SessionWatch watch(files, plan.machine, kTimesEveryNs, profiling);
  std::vector<SessionEvent> events;
  std::int64_t deadline = 0;
  for (;;) {
    run.signal = wait_tick(signals);
    const Session::Phase phase = session.poll();
    if (phase == Session::Phase::running && deadline == 0) {
      deadline = session.started_ns() + config.duration_ns;
      outcome.started_ns = session.started_ns();
      outcome.writer_counters = session.counters(WorkerRole::writer);
      outcome.reader_counters = session.counters(WorkerRole::reader);
      outcome.huge_pages = session.huge_pages();
      if (hooks.on_running) hooks.on_running(session);
    }
    events.clear();
    watch.collect(session, monotonic_ns(), events);
    for (const SessionEvent& e : events) keep(outcome, e, hooks);
    if (run.signal) {
      outcome.end = EndReason::interrupted;
      break;
    }
    if (phase == Session::Phase::ended) {
      if (deadline == 0) {  // it never ran: a worker failed while setting up
        if (std::optional<Error> failure = session.failure()) return std::unexpected(*failure);
      }
      outcome.end = EndReason::bytes;
      break;
    }
    if (session.failure()) break;
    if (deadline != 0 && !config.bytes_limit && monotonic_ns() >= deadline) break;
  }
  if (session.phase() == Session::Phase::running) {  // the workers' span ends here, read or not
    events.clear();
    const std::int64_t end_ns = monotonic_ns();
    watch.read_times(session, end_ns, events);
    watch.drain_profiles(end_ns, events);  // the samples since the last tick belong to the run too
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
  return run;
}

}  // namespace pipetop

#include "pipetop/app/session_driver.hpp"

#include <sys/wait.h>

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

std::size_t index_of(WorkerRole role) {
  return role == WorkerRole::writer ? 0 : 1;
}

// What the outcome keeps of the parent's observations: each worker's first and last times, and the
// latest huge-page check.
void keep(RunOutcome& outcome, const SessionEvent& event, const DriveHooks& hooks) {
  if (const auto* sample = std::get_if<WorkerSample>(&event)) {
    (sample->role == WorkerRole::writer ? outcome.writer : outcome.reader).push_back(sample->sample);
    if (hooks.on_sample) hooks.on_sample(sample->role, sample->sample);
  } else if (const auto* times = std::get_if<WorkerTimes>(&event)) {
    const std::size_t i = index_of(times->role);
    if (!outcome.times_first[i]) outcome.times_first[i] = times->times;
    outcome.times_last[i] = times->times;
  } else if (const auto* huge = std::get_if<HugePagesSeen>(&event)) {
    outcome.huge_pages = huge->result;
  }
}

// Waits a tick, or less when a signal comes; returns it.
std::optional<int> wait_tick(const SignalWatch* signals) {
  if (signals != nullptr) return signals->wait(kTickMs);
  sleep_ns(static_cast<std::int64_t>(kTickMs) * kNsPerMs);
  return std::nullopt;
}

// The other end as the outcome names it, before the run (the command's end comes after).
std::optional<OtherEnd> other_end_of(const DriveEnds& d, const Session& session, ReaderKind asked) {
  if (d.ends.kind == EndsKind::own_pair) return std::nullopt;
  const WorkerRole theirs = d.ends.measured() == WorkerRole::reader ? WorkerRole::writer : WorkerRole::reader;
  OtherEnd end;
  end.role = theirs;
  end.words = other_end_words(d.ends.kind);
  end.pid = d.other_pid;
  end.command_line = d.other_command;
  end.unknown_reason = d.unknown_reason;
  if (d.ends.kind == EndsKind::command_reader) {
    end.pid = session.pid(WorkerRole::writer);
    for (const std::string& arg : d.ends.command) end.command_line += (end.command_line.empty() ? "" : " ") + arg;
  }
  if (d.ends.pass) {
    const bool splices = session.config().reader == ReaderKind::splice;
    end.pass_path = splices ? "splice(2) from the pipe straight to stdout, no copy"
                    : asked == ReaderKind::splice
                        ? "read(2) and write(2) through a buffer (stdout takes no splice: a terminal or device)"
                        : "read(2) and write(2) through a buffer (--reader read)";
  }
  return end;
}

// How the command pipetop started ended, once the session is finished.
void command_ended(const Session& session, OtherEnd& end) {
  const std::optional<int> status = session.command_status();
  if (!status) return;
  if (WIFEXITED(*status)) end.exit_status = WEXITSTATUS(*status);
  if (WIFSIGNALED(*status)) end.exit_signal = WTERMSIG(*status);
  end.ended_by_pipetop = session.command_stopped();
}

}  // namespace

Result<DrivenRun> drive_session(const WorkerPlan& plan, const SignalWatch* signals, const SystemFiles& files,
                                const DriveHooks& hooks, const DriveEnds& ends) {
  Result<std::unique_ptr<Session>> launched = Session::launch(plan.config, plan.machine, plan.counters, ends.ends);
  if (!launched) return std::unexpected(launched.error());
  Session& session = **launched;
  if (ends.other_pid != 0) session.name_other_end(ends.other_pid);
  const RunConfig& config = session.config();
  DrivenRun run;
  RunOutcome& outcome = run.outcome;
  outcome.config = config;
  outcome.pipe_bytes = session.pipe_bytes();
  outcome.pipe_bytes_asked = session.pipe_bytes_asked();
  const std::vector<int>& usable =
      plan.limits.allowed_cpus.empty() ? plan.limits.online_cpus : plan.limits.allowed_cpus;
  outcome.shared_cpus = usable.size() < 3;  // two workers and pipetop itself
  outcome.other_end = other_end_of(ends, session, plan.config.reader);
  SessionWatch watch(files, plan.machine, kTimesEveryNs);
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
      outcome.end = ends.ends.kind == EndsKind::own_pair ? EndReason::bytes : EndReason::other_end;
      break;
    }
    if (session.failure()) break;
    if (deadline != 0 && !config.bytes_limit && !ends.ends.until_end && monotonic_ns() >= deadline) break;
  }
  if (session.phase() == Session::Phase::running) {  // the workers' span ends here, read or not
    events.clear();
    watch.read_times(session, monotonic_ns(), events);
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
  if (outcome.other_end) command_ended(session, *outcome.other_end);
  const std::vector<Sample>& ours = ends.ends.measured() == WorkerRole::writer ? outcome.writer : outcome.reader;
  if (outcome.end == EndReason::other_end && config.bytes_limit && !ours.empty() &&
      ours.back().bytes >= *config.bytes_limit) {
    outcome.end = EndReason::bytes;  // --stdout --bytes: the count came before the consumer's end
  }
  return run;
}

}  // namespace pipetop

#include "pipetop/app/session_driver.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <variant>

#include "pipetop/core/config/config_change.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/pipe_peer.hpp"
#include "pipetop/system/session_watch.hpp"
#include "pipetop/system/stream_kind.hpp"

namespace pipetop {
namespace {

constexpr int kTickMs = 50;
constexpr std::int64_t kStopGraceNs = 5 * kNsPerS;
// A headless run reports the workers' waits over its whole span: a reading a second is plenty, and
// keeps the parent's work per tick to draining the rings.
constexpr std::int64_t kTimesEveryNs = kNsPerS;

// Every observation goes to the hooks, and is folded into the outcome's segment.
void keep(RunOutcome& outcome, const SessionEvent& event, const DriveHooks& hooks) {
  if (hooks.on_event) hooks.on_event(event);
  if (const auto* sample = std::get_if<WorkerSample>(&event); sample != nullptr && hooks.on_sample) {
    hooks.on_sample(sample->role, sample->sample);
  }
  outcome.segment.apply(event);
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
  OtherEnd end = describe_other_end(d, session.pid(d.ends.theirs()));
  if (d.ends.pass) {
    const bool splices = session.config().reader == ReaderKind::splice;
    end.pass_path = splices ? "splice(2) from the pipe straight to stdout, no copy"
                    : asked == ReaderKind::splice
                        ? "read(2) and write(2) through a buffer (stdout takes no splice: a terminal, a device or `>>`)"
                        : "read(2) and write(2) through a buffer (--reader read)";
  }
  return end;
}

// One session on its way: launched, watched each tick, ended by its own duration.
struct Driven {
  const WorkerPlan* plan = nullptr;
  const DriveEnds* ends = nullptr;  // the user's program at one end, or our own pair
  ExternalEnd* external = nullptr;  // its end of the pipe, held (none for our own pair)
  const DriveHooks* hooks = nullptr;
  std::unique_ptr<Session> session;
  std::unique_ptr<SessionWatch> watch;
  DrivenRun run;
  std::int64_t deadline_ns = 0;  // its workers' start + duration; 0 until they run
  bool done = false;
};

Result<Driven> launch(const WorkerPlan& plan, const SystemFiles& files, const ProfilingPlan* profiling,
                      const DriveEnds& ends, ExternalEnd* external, const DriveHooks& hooks) {
  Result<std::unique_ptr<Session>> launched =
      Session::launch(plan.config, plan.machine, plan.counters, ends.ends, external);
  if (!launched) return std::unexpected(launched.error());
  Driven d;
  d.plan = &plan;
  d.ends = &ends;
  d.external = external;
  d.hooks = &hooks;
  d.session = std::move(*launched);
  if (ends.other_pid != 0) d.session->name_other_end(ends.other_pid);
  d.watch = std::make_unique<SessionWatch>(files, plan.machine, kTimesEveryNs, profiling);
  RunOutcome& outcome = d.run.outcome;
  outcome.segment = SegmentAggregate(segment_start_of(*d.session, describe_start(d.session->config())));
  outcome.pipe_bytes_asked = d.session->pipe_bytes_asked();
  const std::vector<int>& usable =
      plan.limits.allowed_cpus.empty() ? plan.limits.online_cpus : plan.limits.allowed_cpus;
  outcome.shared_cpus = usable.size() < 3;  // two workers and pipetop itself
  outcome.other_end = other_end_of(ends, *d.session, plan.config.reader);
  return d;
}

// One tick of `d`: its phase, its events, whether it is done; its workers go once ready if
// `may_start`. Fails when a worker failed while setting up (it never ran).
Result<void> step(Driven& d, std::vector<SessionEvent>& events, bool may_start) {
  const DriveHooks& hooks = *d.hooks;
  Session& session = *d.session;
  RunOutcome& outcome = d.run.outcome;
  const Session::Phase phase = session.poll(may_start);
  if (phase == Session::Phase::running && d.deadline_ns == 0) {
    d.deadline_ns = session.started_ns() + outcome.config().duration_ns;
    outcome.started_ns = session.started_ns();
    // Its counters and the workers' own huge-page check are known now.
    outcome.segment = SegmentAggregate(segment_start_of(session, describe_start(session.config())));
    if (hooks.on_running) hooks.on_running(session);
  }
  events.clear();
  d.watch->collect(session, monotonic_ns(), events);
  for (const SessionEvent& e : events) keep(outcome, e, hooks);
  if (phase == Session::Phase::ended) {
    if (d.deadline_ns == 0) {  // it never ran: a worker failed while setting up
      if (std::optional<Error> failure = session.failure()) return std::unexpected(*failure);
    }
    outcome.end = d.ends->ends.kind == EndsKind::own_pair ? EndReason::bytes : EndReason::other_end;
    d.done = true;
  }
  if (session.failure()) d.done = true;
  if (d.deadline_ns != 0 && !outcome.config().bytes_limit && !d.ends->ends.until_end &&
      monotonic_ns() >= d.deadline_ns) {
    d.done = true;
  }
  if (hooks.on_tick && d.deadline_ns != 0 && !d.done) hooks.on_tick(session, outcome);
  return {};
}

// Stops `d`'s workers and gathers what they reported into its outcome.
DrivenRun gather(Driven& d) {
  const DriveHooks& hooks = *d.hooks;
  Session& session = *d.session;
  RunOutcome& outcome = d.run.outcome;
  // The workers' span ends here, read or not; also when a worker's failure ended it before the first
  // reading, so that the user's program's counters, which ran, are read.
  if (d.deadline_ns != 0) {
    std::vector<SessionEvent> events;
    const std::int64_t end_ns = monotonic_ns();
    d.watch->read_times(session, end_ns, events);
    d.watch->drain_profiles(end_ns, events);  // the samples since the last tick belong to the run too
    for (const SessionEvent& e : events) keep(outcome, e, hooks);
  }
  // A command still running while pipetop read (the duration, a signal) is ended by pipetop.
  if (d.external != nullptr && session.phase() != Session::Phase::ended) d.external->stop_command();
  session.finish(kStopGraceNs);
  if (d.external != nullptr) d.external->finish_command(kStopGraceNs);
  session.drain([&](WorkerRole role, const Sample& s) { keep(outcome, WorkerSample{role, s}, hooks); });
  if (std::optional<Error> failure = session.failure()) {
    outcome.end = EndReason::worker_failed;
    outcome.failure = format_error(*failure);
  }
  outcome.dropped_samples = session.dropped_samples();
  outcome.verify = session.verify();
  outcome.zerocopy = session.zerocopy();
  outcome.writer_setup = session.buffer_setup(WorkerRole::writer);
  outcome.reader_setup = session.buffer_setup(WorkerRole::reader);
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    outcome.segment.set_cpu_time(role, session.cpu_time(role));
  }
  if (outcome.other_end && d.external != nullptr) note_command_end(*d.external, *outcome.other_end);
  const std::optional<Sample>& ours = outcome.segment.last_sample(d.ends->ends.measured());
  if (outcome.end == EndReason::other_end && outcome.config().bytes_limit && ours &&
      ours->bytes >= *outcome.config().bytes_limit) {
    outcome.end = EndReason::bytes;  // --stdout --bytes: the count came before the consumer's end
  }
  return std::move(d.run);
}

}  // namespace

Result<DriveEnds> find_drive_ends(const EndsRequest& request, const SystemFiles& files) {
  Result<PipeEnds> ends = choose_pipe_ends(request, stream_kind(STDIN_FILENO), stream_kind(STDOUT_FILENO));
  if (!ends) return std::unexpected(ends.error());
  DriveEnds drive;
  drive.ends = *ends;
  if (ends->kind != EndsKind::stdin_reader && ends->kind != EndsKind::stdout_writer) return drive;
  const bool reads = ends->kind == EndsKind::stdin_reader;
  if (const std::optional<std::uint64_t> inode = pipe_inode(reads ? STDIN_FILENO : STDOUT_FILENO)) {
    const PipePeer peer = find_pipe_peer(files, *inode, reads, getpid());
    drive.other_pid = peer.pid;
    drive.other_command = peer.command_line;
    drive.unknown_reason = peer.unknown_reason;
  }
  return drive;
}

OtherEnd describe_other_end(const DriveEnds& d, pid_t pid) {
  OtherEnd end;
  end.role = d.ends.theirs();
  end.words = other_end_words(d.ends.kind);
  end.pid = pid;
  end.command_line = d.other_command;
  end.unknown_reason = d.unknown_reason;
  if (d.ends.kind == EndsKind::command_reader) {
    end.command = d.ends.command;
    for (const std::string& arg : d.ends.command) end.command_line += (end.command_line.empty() ? "" : " ") + arg;
  }
  end.pass = d.ends.pass;
  end.until_end = d.ends.until_end;
  return end;
}

void note_command_end(const ExternalEnd& external, OtherEnd& end) {
  const std::optional<int> status = external.command_status();
  if (!status) return;
  if (WIFEXITED(*status)) end.exit_status = WEXITSTATUS(*status);
  if (WIFSIGNALED(*status)) end.exit_signal = WTERMSIG(*status);
  end.ended_by_pipetop = external.command_stopped();
}

SegmentStart segment_start_of(const Session& session, std::string label) {
  return {session.started_ns(),
          session.config(),
          std::move(label),
          session.counters(WorkerRole::writer),
          session.counters(WorkerRole::reader),
          session.pipe_bytes(),
          session.huge_pages(),
          session.ends().measured()};
}

std::vector<DriveHooks> pairs_hooks(PairsAggregate& total, std::size_t pairs) {
  std::vector<DriveHooks> hooks;
  for (std::size_t i = 0; i < pairs; ++i) {
    hooks.push_back({[&total, i](const Session& session) {
                       total.start(i, segment_start_of(session, describe_start(session.config())));
                     },
                     {},
                     [&total, i](const SessionEvent& e) { total.add(i, e); },
                     {}});
  }
  return hooks;
}

namespace {

// A pair a signal kept from being started: its configuration, nothing measured.
DrivenRun never_started(const WorkerPlan& plan, std::optional<int> signal) {
  DrivenRun run;
  run.outcome.segment =
      SegmentAggregate(SegmentStart{0, plan.config, describe_start(plan.config), {}, {}, 0, {}, WorkerRole::reader});
  run.outcome.end = EndReason::interrupted;
  run.signal = signal;
  return run;
}

// drive_sessions, each plan with `ends` at its ends.
Result<std::vector<DrivenRun>> drive_all(const std::vector<WorkerPlan>& plans, const SignalWatch* signals,
                                         const SystemFiles& files, const std::vector<DriveHooks>& hooks,
                                         const ProfilingPlan* profiling, const DriveEnds& ends) {
  // Closed last: the other program sees its end after pipetop's worker's.
  Result<std::unique_ptr<ExternalEnd>> held = ExternalEnd::open(ends.ends);
  if (!held) return std::unexpected(held.error());
  const std::unique_ptr<ExternalEnd> external = std::move(*held);
  static const DriveHooks kNoHooks;
  std::vector<Driven> driven;
  std::optional<int> signal;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    if (signals != nullptr && (signal = signals->take())) break;  // a signal while they start stops it now
    Result<Driven> d = launch(plans[i], files, profiling, ends, external.get(), i < hooks.size() ? hooks[i] : kNoHooks);
    if (!d) return std::unexpected(d.error());  // the pairs launched so far are killed as they go
    driven.push_back(std::move(*d));
  }
  std::vector<SessionEvent> events;
  while (!signal) {
    signal = wait_tick(signals);
    // No pair moves data before every pair is set up: none runs alone on the machine at first.
    const bool all_set_up =
        std::all_of(driven.begin(), driven.end(), [](const Driven& d) { return d.done || d.session->set_up(); });
    bool all_done = true;
    std::vector<Driven*> ended;
    for (Driven& d : driven) {
      if (d.done) continue;
      if (Result<void> ok = step(d, events, all_set_up); !ok) return std::unexpected(ok.error());
      if (d.done) {
        d.session->request_stop();  // every pair that ended this tick stops at once, as on a signal:
        ended.push_back(&d);        // one waited for alone had to stop behind all the others' workers
      }
      all_done = all_done && d.done;
    }
    for (Driven* d : ended) d->run = gather(*d);  // a pair that ended stops now, not when the slowest does
    if (all_done) break;
  }
  if (signal) {
    for (Driven& d : driven) {
      d.run.signal = signal;
      if (d.run.outcome.end != EndReason::worker_failed) d.run.outcome.end = EndReason::interrupted;
      if (!d.done) d.session->request_stop();  // all stop at once; gather then waits for each
    }
  }
  std::vector<DrivenRun> runs;
  for (Driven& d : driven) runs.push_back(d.done ? std::move(d.run) : gather(d));
  for (std::size_t i = runs.size(); i < plans.size(); ++i) runs.push_back(never_started(plans[i], signal));
  return runs;
}

}  // namespace

Result<std::vector<DrivenRun>> drive_sessions(const std::vector<WorkerPlan>& plans, const SignalWatch* signals,
                                              const SystemFiles& files, const std::vector<DriveHooks>& hooks,
                                              const ProfilingPlan* profiling) {
  return drive_all(plans, signals, files, hooks, profiling, {});
}

Result<DrivenRun> drive_session(const WorkerPlan& plan, const SignalWatch* signals, const SystemFiles& files,
                                const DriveHooks& hooks, const ProfilingPlan* profiling, const DriveEnds& ends) {
  Result<std::vector<DrivenRun>> runs = drive_all({plan}, signals, files, {hooks}, profiling, ends);
  if (!runs) return std::unexpected(runs.error());
  return std::move(runs->front());
}

}  // namespace pipetop

#pragma once
// Driving one Session from its launch to its end, the same way for `pipetop run`, the ladder's rungs
// and the tuner's trials: through the workers' set-up, then until the duration (or the byte count, a
// worker failure, a signal), every sample handed on as it arrives and the workers watched from /proc;
// then everything gathered into a RunOutcome (with each worker's profile when it was profiled). Signals are read
// throughout, set-up included.

#include <functional>
#include <optional>
#include <vector>

#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/figures/pairs_aggregate.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/system/external_end.hpp"
#include "pipetop/system/pair_profiler.hpp"
#include "pipetop/system/session.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct DrivenRun {
  RunOutcome outcome;
  std::optional<int> signal;  // the signal that interrupted it, if one did
};

struct DriveHooks {
  std::function<void(const Session&)> on_running;            // once, when the workers were told to go
  std::function<void(WorkerRole, const Sample&)> on_sample;  // each sample, in order per worker
  // Every observation as a session event (samples, /proc times, huge-page checks), after on_running.
  std::function<void(const SessionEvent&)> on_event;
  // Each tick while the workers run, after its events: the session and the outcome so far.
  std::function<void(const Session&, const RunOutcome&)> on_tick;
};

// The user's program at one end of the pipe (pipe_ends.hpp), and what is known of it beforehand.
struct DriveEnds {
  PipeEnds ends;
  pid_t other_pid = 0;         // found at the other end of stdin or stdout (0: not found)
  std::string other_command;   // its command line
  std::string unknown_reason;  // why it was not found
};

// The ends the command line asked for (choose_pipe_ends, from what stdin and stdout are), and the
// program at the other end of stdin or stdout when there is one to find through /proc (a command
// pipetop starts is known from its start). Fails with choose_pipe_ends's usage errors.
[[nodiscard]] Result<DriveEnds> find_drive_ends(const EndsRequest& request, const SystemFiles& files);

// The other end of `d` as the reports name it (role, words, command line), its pid `pid`: the program
// found at stdin or stdout, or the command started (0 when unknown).
[[nodiscard]] OtherEnd describe_other_end(const DriveEnds& d, pid_t pid);

// How the command `external` started ended, into `end`, once it was reaped (nothing before).
void note_command_end(const ExternalEnd& external, OtherEnd& end);

// The SegmentStart of a session that runs: its configuration, counters, pipe and huge pages, `label`.
[[nodiscard]] SegmentStart segment_start_of(const Session& session, std::string label);

// Launches `plan` and drives it. `signals` may be null (no interruption); hooks may be empty;
// `profiling`, when not null, profiles both workers from the go to the end (RunOutcome::profiles). A
// run interrupted during set-up comes back with its signal and no samples. On failure to launch, or
// a worker that fails during set-up, returns that error and leaves no worker behind (nor a command).
// With the user's program at one end (`ends`), the outcome names it (other_end) and a run without
// --duration goes until it closes its end.
[[nodiscard]] Result<DrivenRun> drive_session(const WorkerPlan& plan, const SignalWatch* signals,
                                              const SystemFiles& files, const DriveHooks& hooks,
                                              const ProfilingPlan* profiling = nullptr, const DriveEnds& ends = {});

// Hooks that feed `total` with each of `pairs` pairs' start and events (drive_sessions's hooks, one per
// pair, in order); `total` must outlive the drive.
[[nodiscard]] std::vector<DriveHooks> pairs_hooks(PairsAggregate& total, std::size_t pairs);

// Launches every plan at once (pairs side by side, each on its own pipe) and drives them in one loop:
// each ends by its own duration (counted from when its workers were ready) and is stopped then; a
// signal interrupts them all. Returns their runs in the order of `plans`. Fails as drive_session does
// when one cannot launch or fails while setting up; no worker of any of them is left behind.
// `hooks`: none, or one per plan (a pair's samples go to its own). `profiling`, when not null, profiles
// every pair's workers.
[[nodiscard]] Result<std::vector<DrivenRun>> drive_sessions(const std::vector<WorkerPlan>& plans,
                                                            const SignalWatch* signals, const SystemFiles& files,
                                                            const std::vector<DriveHooks>& hooks,
                                                            const ProfilingPlan* profiling = nullptr);

}  // namespace pipetop

#pragma once
// Driving one Session from its launch to its end, the same way for `pipetop run`, the ladder's rungs
// and the tuner's trials: through the workers' set-up, then until the duration (or the byte count, a
// worker failure, a signal), every sample handed on as it arrives and the workers watched from /proc;
// then everything gathered into a RunOutcome. Signals are read throughout, set-up included.

#include <functional>
#include <optional>

#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/run_outcome.hpp"
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
};

// The user's program at one end of the pipe (pipe_ends.hpp), and what is known of it beforehand.
struct DriveEnds {
  PipeEnds ends;
  pid_t other_pid = 0;        // found at the other end of stdin or stdout (0: not found)
  std::string other_command;  // its command line
  std::string unknown_reason; // why it was not found
};

// Launches `plan` and drives it. `signals` may be null (no interruption); hooks may be empty. A run
// interrupted during set-up comes back with its signal and no samples. On failure to launch, or a
// worker that fails during set-up, returns that error and leaves no worker behind (nor a command).
// With the user's program at one end, the outcome names it (other_end) and a run without --duration
// goes until it closes its end.
[[nodiscard]] Result<DrivenRun> drive_session(const WorkerPlan& plan, const SignalWatch* signals,
                                              const SystemFiles& files, const DriveHooks& hooks,
                                              const DriveEnds& ends = {});

}  // namespace pipetop

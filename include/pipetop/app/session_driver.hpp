#pragma once
// Driving one Session from the go to its end, the same way for `pipetop run`, the ladder's rungs and
// the tuner's trials: until the duration (or the byte count, a worker failure, a signal), every
// sample handed on as it arrives, then everything the workers reported gathered into a RunOutcome.

#include <functional>
#include <optional>

#include "pipetop/app/signals.hpp"
#include "pipetop/core/run_outcome.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {

struct DrivenRun {
  RunOutcome outcome;
  std::optional<int> signal;  // the signal that interrupted it, if one did
};

// `signals` may be null (no interruption). `on_sample` may be empty.
[[nodiscard]] DrivenRun drive_session(Session& session, const SignalWatch* signals,
                                      const std::function<void(WorkerRole, const Sample&)>& on_sample);

}  // namespace pipetop

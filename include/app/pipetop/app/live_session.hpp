#pragma once
// The one session a LivePair runs at a time, as the pair sees it: launched, polled, watched, retired,
// killed. The seam lets the pair's restart state machine (retire, relaunch, restore the last good
// configuration, the other end closed) run in tests over scripted sessions; the real one is a Session
// with its SessionWatch.

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/pipe_ends.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/system/external_end.hpp"
#include "pipetop/system/pair_profiler.hpp"
#include "pipetop/system/session.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

class LiveSession {
 public:
  virtual ~LiveSession() = default;
  // As Session's: never block.
  virtual Session::Phase poll() = 0;
  [[nodiscard]] virtual Session::Phase phase() const = 0;
  [[nodiscard]] virtual const RunConfig& config() const = 0;
  [[nodiscard]] virtual std::optional<Error> failure() const = 0;
  [[nodiscard]] virtual std::uint64_t dropped_samples() const = 0;
  virtual void kill_now() noexcept = 0;
  // Asks the workers to stop (Session::request_stop); from then on nothing of it is collected (its
  // profiles close now: the stopping pair is no longer the segment's).
  virtual void retire() noexcept = 0;
  // Appends its samples, times, profiles and huge-page rechecks due at `now_ns` (SessionWatch::collect).
  virtual void collect(std::int64_t now_ns, std::vector<SessionEvent>& out) = 0;
  // Its SegmentStart, labelled `label`, once it runs.
  [[nodiscard]] virtual SegmentStart segment_start(std::string label) const = 0;
};

// Starts a session of `config` in the background; fails as Session::launch does.
using LiveSessionLauncher = std::function<Result<std::unique_ptr<LiveSession>>(const RunConfig& config)>;

// Real sessions of `plan`'s machine and counters: Session::launch with `ends` on `external` (the user's
// program's end, when `ends` names one; `other_pid`: that program when found, else 0), each watched
// through `files` with its workers' times read at most every `times_every_ns`, profiled when
// `profiling` is not null. `files`, `profiling` and `external` must outlive the launcher and its sessions.
[[nodiscard]] LiveSessionLauncher session_launcher(const WorkerPlan& plan, const SystemFiles& files,
                                                   const ProfilingPlan* profiling, const PipeEnds& ends,
                                                   ExternalEnd* external, pid_t other_pid, std::int64_t times_every_ns);

}  // namespace pipetop

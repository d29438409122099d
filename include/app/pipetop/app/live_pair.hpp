#pragma once
// The real PairControl: Sessions of the planned configuration, started, watched, stopped and
// replaced without ever blocking the dashboard's loop. A change stops the running pair (SIGKILL if it
// has not ended within 2 s) and starts the next once it is gone, so two pairs never compete for the
// CPUs; a configuration the kernel refuses gives way to the previous one again.
// With the user's program at one end (`cmd | pipetop`, `pipetop -- cmd`, `pipetop --stdout | cmd`) a
// change restarts only pipetop's own worker, on the same held end of the same pipe: the other program
// keeps running and sees a pause, not an end. When it closes its end the pair has ended for good.

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "pipetop/app/live_session.hpp"
#include "pipetop/app/pair_control.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Measures a configuration's ceiling (system/memory_loop.hpp's measure_ceiling; tests script it).
using CeilingProbe = std::function<std::optional<Ceiling>(const RunConfig& config)>;

class LivePair final : public PairControl {
 public:
  // Starts `plan`'s configuration in the background. `files` (for /proc) must outlive the pair, and
  // so must `profiling`, which profiles every session when not null, and `external`, which holds the
  // user's program's end when `ends` names one (`other_pid`: that program when found, else 0).
  LivePair(WorkerPlan plan, const SystemFiles& files, const ProfilingPlan* profiling = nullptr, PipeEnds ends = {},
           ExternalEnd* external = nullptr, pid_t other_pid = 0);
  // The same over sessions that `launch` starts (tests script them); `external`, when not null, is
  // the user's program's end, ended and let go by stop().
  LivePair(WorkerPlan plan, LiveSessionLauncher launch, PipeEnds ends = {}, ExternalEnd* external = nullptr);
  ~LivePair() override;

  // Refused once the user's program closed its end.
  [[nodiscard]] Result<void> change(const RunConfig& next) override;
  void poll(std::int64_t now_ns, std::vector<SessionEvent>& out) override;
  // Also ends a command pipetop started (SIGTERM, SIGKILL after 2 s) and lets go of the held end.
  void stop() override;
  [[nodiscard]] PairPhase phase() const override;
  [[nodiscard]] const RunConfig& config() const override;
  [[nodiscard]] std::uint64_t dropped_samples() const override;

  // Measures the ceiling with `probe` before a pair starts, when its buffer size or writer CPU is not the one
  // last measured (at the start, and after the buffer size key): it blocks poll() that long, once per size
  // (kCeilingSliceNs), while no pair runs, so the pair's own copies do not slow it. A probe that fails leaves
  // no ceiling.
  void measure_ceiling_with(CeilingProbe probe) { probe_ = std::move(probe); }
  [[nodiscard]] std::optional<Ceiling> ceiling() const override { return ceiling_; }

  // The default pair on separate physical cores (for the pinning key).
  [[nodiscard]] CpuPair separate_cpus() const { return plan_.separate; }

 private:
  struct Retiring {
    std::unique_ptr<LiveSession> session;
    std::int64_t kill_at_ns;
  };
  void poll_retiring(std::int64_t now_ns);
  void launch_pending(std::int64_t now_ns, std::vector<SessionEvent>& out);
  void refuse(std::int64_t now_ns, const RunConfig& config, std::string why, std::vector<SessionEvent>& out);
  void poll_current(std::int64_t now_ns, std::vector<SessionEvent>& out);
  void retire_current(std::int64_t now_ns);
  void other_end_closed(std::int64_t now_ns, std::vector<SessionEvent>& out);
  [[nodiscard]] std::string other_end_closed_words() const;

  WorkerPlan plan_;  // plan_.config: the configuration of the current session, or the last one
  LiveSessionLauncher launch_;
  PipeEnds ends_;
  ExternalEnd* external_;
  bool other_closed_ = false;      // the user's program closed its end: nothing more runs
  bool told_command_end_ = false;  // how the command ended went out
  std::unique_ptr<LiveSession> current_;
  bool announced_ = false;     // its SegmentStart went out
  bool told_problem_ = false;  // its PairProblem went out
  std::vector<Retiring> retiring_;
  std::optional<RunConfig> pending_;    // to start once the retiring pairs are gone
  std::optional<RunConfig> last_good_;  // the last configuration that ran: labels, and the way back
  bool restoring_ = false;              // pending_ is last_good_ after a refusal
  std::uint64_t earlier_drops_ = 0;
  CeilingProbe probe_;
  std::optional<Ceiling> ceiling_;
};

}  // namespace pipetop

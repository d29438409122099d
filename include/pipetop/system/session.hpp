#pragma once
// A Session is one writer/reader pair on one pipe, with one configuration. Changing the configuration
// means finishing this session and starting another (simple; cannot tear a configuration).

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "pipetop/core/counter_info.hpp"
#include "pipetop/core/error.hpp"
#include "pipetop/core/machine_facts.hpp"
#include "pipetop/core/run_config.hpp"
#include "pipetop/core/run_outcome.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/pipe.hpp"
#include "pipetop/system/shared_region.hpp"

namespace pipetop {

class Session {
 public:
  // Creates the shared region and the pipe (sized as the config asks), forks the writer and the
  // reader, waits until both have set up (pinned, buffers allocated and pre-faulted), then tells them
  // to go. `config` must have passed validate(). On failure no worker is left behind, and the error is
  // the first that happened: pipe sizing (EPERM is an environment error), fork, or a worker's own setup
  // failure with its message and exit kind.
  // `counters` are opened by each worker on itself. `machine`, read once by the caller, is all the
  // workers know of the machine (pipe limit, perf context, hybrid PMUs, THP settings): they read no
  // /proc or /sys file about it themselves.
  [[nodiscard]] static Result<std::unique_ptr<Session>> start(const RunConfig& config, const MachineFacts& machine,
                                                              const std::vector<CounterRequest>& counters);

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  // Stops and reaps the workers (SIGKILL after a grace period) if finish() was not called.
  ~Session();

  [[nodiscard]] const RunConfig& config() const { return config_; }
  [[nodiscard]] std::uint64_t pipe_bytes() const { return pipe_bytes_; }
  [[nodiscard]] pid_t pid(WorkerRole role) const { return pids_[index(role)]; }

  // Moves every sample waiting in the rings to `sink`, in order per worker.
  void drain(const std::function<void(WorkerRole, const Sample&)>& sink);

  // Reaps workers that have exited, without blocking. True when both have.
  bool poll_exited();

  // The first worker failure seen so far: a failure it reported, a signal that killed it, or an
  // unexpected exit status.
  [[nodiscard]] std::optional<Error> failure() const;

  // Asks the writer to stop (the reader then drains the pipe to end of file).
  void request_stop() noexcept;

  // Stops, waits up to `grace_ns` for both workers to exit, kills those left, and reaps them.
  void finish(std::int64_t grace_ns);

  // Valid once start() returned: each worker's counters, in the order of their sample readings.
  [[nodiscard]] std::vector<CounterInfo> counters(WorkerRole role) const;

  // Valid after finish(): what the workers reported.
  [[nodiscard]] CpuTime cpu_time(WorkerRole role) const;
  [[nodiscard]] HugePageResult huge_pages() const;
  [[nodiscard]] std::optional<VerifyResult> verify() const;
  [[nodiscard]] std::uint64_t dropped_samples() const;

 private:
  Session(const RunConfig& config, std::vector<CounterRequest> counters, SharedRegion region, Pipe pipe);
  static constexpr std::size_t index(WorkerRole role) { return role == WorkerRole::writer ? 0 : 1; }
  [[nodiscard]] WorkerSlot& slot(WorkerRole role) const;
  [[nodiscard]] Result<void> fork_workers(const MachineFacts& machine);
  [[nodiscard]] Result<void> wait_until_ready();
  void reap(bool block);

  RunConfig config_;
  std::vector<CounterRequest> counter_requests_;
  SharedRegion region_;
  Pipe pipe_;
  std::uint64_t pipe_bytes_ = 0;
  std::array<pid_t, 2> pids_{-1, -1};
  std::array<std::optional<int>, 2> statuses_;  // waitpid status once reaped
  std::array<bool, 2> killed_{false, false};      // we sent SIGKILL (after the grace period)
};

}  // namespace pipetop

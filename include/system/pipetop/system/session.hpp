#pragma once
// A Session is one writer/reader pair on one pipe, with one configuration. Changing the configuration
// means finishing this session and starting another (simple; cannot tear a configuration). Nothing in
// it blocks but finish(): the caller polls it from its own loop, so keys and signals are read while the
// workers set up and stop.

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/pipe_ends.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/external_end.hpp"
#include "pipetop/system/pipe.hpp"
#include "pipetop/system/shared_region.hpp"
#include "pipetop/system/transport_ends.hpp"

namespace pipetop {

class Session {
 public:
  enum class Phase {
    setting_up,  // forked: the workers pin themselves, allocate and pre-fault, open their counters
    running,     // both were ready and were told to go: bytes move
    ended,       // both have exited (or been killed) and are reaped
  };

  // Creates the shared region and the transport (sized as the config asks) and forks the writer and the
  // reader, returning at once: the workers set up while the caller goes on, and poll() sends them off
  // when both are ready. `config` must have passed validate(); `counters` are opened by each worker
  // on itself. On failure no worker is left behind, and the error is the first that happened: pipe
  // sizing (EPERM is an environment error), opening the transport's ends, fork.
  // `machine`, read once by the caller, is all the workers know of the machine (pipe limit, perf
  // context, hybrid PMUs, THP settings): they read no /proc or /sys file about it themselves.
  // `ends` says which ends are pipetop's (pipe_ends.hpp). With the user's program at one end only the
  // other worker is forked, on the end `external` holds (it must, and must outlive the session; its
  // pipe is sized as the config asks): stdin, stdout, or a command's pipe. Sessions may follow one
  // another on the same `external`. With --pass, a splice reader whose stdout cannot take splice(2)
  // (a terminal) reads and writes instead: config() says which.
  [[nodiscard]] static Result<std::unique_ptr<Session>> launch(const RunConfig& config, const MachineFacts& machine,
                                                               const std::vector<CounterRequest>& counters,
                                                               const PipeEnds& ends = {},
                                                               ExternalEnd* external = nullptr);

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  // Kills and reaps the workers if they are still there.
  ~Session();

  // Never blocks: reaps workers that exited; once both are ready and `may_start`, tells them to go
  // (running); a worker that fails or dies, or a setup past its deadline (120 s), stops the session
  // (failure() says why) and it ends once both are reaped. Returns the phase.
  // The user's program at one end is no worker: its exit is no failure, and the session ends once
  // pipetop's own worker has.
  Phase poll(bool may_start = true);
  // Whether both workers are ready to go, or already gone: a caller holding many pairs polls with
  // may_start false until every pair is set up, so that all start moving data together.
  [[nodiscard]] bool set_up() const;
  [[nodiscard]] Phase phase() const { return phase_; }
  // When the workers were told to go (CLOCK_MONOTONIC); 0 before.
  [[nodiscard]] std::int64_t started_ns() const { return started_ns_; }

  // As it runs: a --pipe-size the kernel rounded up is the size it gave.
  [[nodiscard]] const RunConfig& config() const { return config_; }
  [[nodiscard]] std::uint64_t pipe_bytes() const { return pipe_bytes_; }
  // The --pipe-size asked for, when the kernel gave another size.
  [[nodiscard]] std::optional<std::uint64_t> pipe_bytes_asked() const { return pipe_bytes_asked_; }
  // The worker's pid; for the user's program's end, the command `external` started or the process
  // named by name_other_end (0 when unknown).
  [[nodiscard]] pid_t pid(WorkerRole role) const;
  [[nodiscard]] const PipeEnds& ends() const { return ends_; }
  // The user's program found at the other end of stdin or stdout, watched from /proc like a worker.
  void name_other_end(pid_t pid) { other_pid_ = pid; }

  // The user's program's counters, when the pair runs and its pid is known: the same events as a
  // worker's, opened by the parent on its pid when the pair started (and on the processes it starts
  // from then on), read into `sample.counters` now. False (and `sample` untouched) when none were
  // opened. counters() gives their names and states under the program's role.
  bool read_other_counters(Sample& sample) noexcept;

  // Moves every sample waiting in the rings to `sink`, in order per worker.
  void drain(const std::function<void(WorkerRole, const Sample&)>& sink);

  // The first worker failure seen so far: a failure it reported, a signal that killed it, an
  // unexpected exit status, or a setup that took too long.
  [[nodiscard]] std::optional<Error> failure() const;

  // Asks the writer to stop (the reader then drains the pipe to end of file); poll() sees them end.
  // With the user's program at the other end, the worker of ours stops instead (kWakeSignal ends a
  // call that waits on the other program); the program itself is left alone (ExternalEnd ends it).
  void request_stop() noexcept;
  // Kills the workers still running (SIGKILL) and reaps them: a session is never left behind.
  void kill_now() noexcept;
  // request_stop, then poll until both ended or `grace_ns` passed, then kill_now
  // (blocks up to grace_ns).
  void finish(std::int64_t grace_ns);

  // Valid once the workers were ready: each worker's counters, in the order of their sample readings
  // (for the user's program, those read_other_counters reads: none until the pair runs, or when its
  // pid is unknown), and its buffers (for huge-page checks from the outside).
  [[nodiscard]] std::vector<CounterInfo> counters(WorkerRole role) const;
  [[nodiscard]] std::vector<AddressRange> buffers(WorkerRole role) const;

  // Valid once ended: what the workers reported.
  [[nodiscard]] CpuTime cpu_time(WorkerRole role) const;
  [[nodiscard]] HugePageResult huge_pages() const;
  [[nodiscard]] std::optional<VerifyResult> verify() const;
  [[nodiscard]] std::optional<ZeroCopyResult> zerocopy() const;
  // How `role`'s worker set its buffers up (time, faults) and the faults of its transfer; nullopt
  // when the worker is the user's program or never got as far as its buffers.
  [[nodiscard]] std::optional<BufferSetup> buffer_setup(WorkerRole role) const;
  [[nodiscard]] std::uint64_t dropped_samples() const;

 private:
  enum class Kill { no, asked, after_grace };  // a kill the caller asked for is no failure
  Session(const RunConfig& config, std::vector<CounterRequest> counters, SharedRegion region, const PipeEnds& ends,
          ExternalEnd* external, const PerfOpenContext& perf_context);
  static constexpr std::size_t index(WorkerRole role) { return role == WorkerRole::writer ? 0 : 1; }
  [[nodiscard]] WorkerSlot& slot(WorkerRole role) const;
  [[nodiscard]] Result<void> fork_workers(const MachineFacts& machine);
  [[nodiscard]] Result<void> fork_for_ends(const MachineFacts& machine);
  [[nodiscard]] int data_fd(WorkerRole role) const;
  void reap(bool block);
  [[nodiscard]] bool reaped(std::size_t i) const;
  [[nodiscard]] bool ours_reaped() const;
  [[nodiscard]] bool workers_ready() const;  // both of ours ready for the go
  void wake_ours() noexcept;
  void kill_all(Kill why) noexcept;
  void open_other_counters();

  RunConfig config_;
  std::vector<CounterRequest> counter_requests_;
  SharedRegion region_;
  PipeEnds ends_;
  ExternalEnd* external_;                   // the user's program's end, when not own_pair
  std::optional<TransportEnds> transport_;  // own_pair's: a pipe, or what --transport names
  pid_t other_pid_ = 0;                     // the user's program at stdin or stdout, when found
  PerfOpenContext perf_context_;
  std::optional<CounterSet> other_counters_;  // on the user's program, from the go
  std::uint64_t pipe_bytes_ = 0;
  std::optional<std::uint64_t> pipe_bytes_asked_;
  Phase phase_ = Phase::setting_up;
  std::int64_t setup_deadline_ns_ = 0;
  std::int64_t started_ns_ = 0;
  std::optional<Error> setup_failure_;
  std::array<pid_t, 2> pids_{-1, -1};
  std::array<std::optional<int>, 2> statuses_;  // waitpid status once reaped
  std::array<Kill, 2> killed_{Kill::no, Kill::no};
};

}  // namespace pipetop

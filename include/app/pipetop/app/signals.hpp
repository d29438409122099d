#pragma once
// The signals that end pipetop (SIGINT, SIGTERM, SIGHUP, SIGQUIT) as readable events instead of
// handlers or default deaths: blocked first thing in main and kept blocked until exit, so that one
// arriving at any moment — before the command line is parsed, while the workers stop, after the
// summary — is read by the main loop or the final output flush, and the program leaves by its own
// exit path (terminal restored, summary printed, documented exit code). Workers ignore them.

#include <signal.h>

#include <optional>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// Blocks the termination signals in the calling thread and in the threads it starts from then on.
// Cannot fail (sigprocmask with a valid set and how).
void block_termination_signals() noexcept;

// For a command that does not watch them: unblocks, so that one pending or arriving later ends the
// process by its default action, as in any program.
void unblock_termination_signals() noexcept;

// Ignores SIGPIPE, so that a write to a pipe nobody reads any more (`pipetop run | head -1`) fails with
// EPIPE, which the output says on stderr with exit 1, instead of killing pipetop silently. Commands
// pipetop starts get the default back (spawn_command). Cannot fail.
void ignore_broken_pipe_signal() noexcept;

// SIGUSR1, which asks `pipetop run` for its summary so far (as dd's does), blocked first thing in main
// with the others, before any thread starts: a thread that had it unblocked would take it by its
// default action and end the process. Commands that do not read it unblock it again (and end by it, as
// before); the dashboard, the tour and replay leave it blocked: it does nothing there.
void block_summary_request() noexcept;
void unblock_summary_request() noexcept;

class SignalWatch {
 public:
  // Blocks the signals (if they are not already) and opens a signalfd for them. On failure returns a
  // runtime error naming the call; the signals are blocked all the same.
  [[nodiscard]] static Result<SignalWatch> install();
  // The same for SIGUSR1 alone (block_summary_request): no handler ever runs, the run's loop reads the
  // request when it comes round. The workers and a command started empty their mask.
  [[nodiscard]] static Result<SignalWatch> install_summary_request();

  SignalWatch(SignalWatch&& other) noexcept;
  SignalWatch& operator=(SignalWatch&&) = delete;
  SignalWatch(const SignalWatch&) = delete;
  SignalWatch& operator=(const SignalWatch&) = delete;
  // Closes the signalfd. The signals stay blocked: unblocking would let one that arrived meanwhile
  // kill the process after its work was done.
  ~SignalWatch();

  // Waits up to `timeout_ms` for a signal; returns its number, or nullopt on timeout.
  [[nodiscard]] std::optional<int> wait(int timeout_ms) const;

  // The fd to poll with other inputs; take() then reads the pending signal without waiting.
  [[nodiscard]] int fd() const { return fd_; }
  [[nodiscard]] std::optional<int> take() const;

 private:
  explicit SignalWatch(int fd) : fd_(fd) {}
  // A watch of the signals of `set` (already blocked).
  [[nodiscard]] static Result<SignalWatch> open_watch(const sigset_t& set);
  int fd_ = -1;
};

}  // namespace pipetop

#pragma once
// Termination signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT) delivered as readable events instead of
// handlers or default deaths (SIGQUIT's would leave the dashboard's terminal raw): blocked, and read
// from a signalfd in the main loop. Workers empty their mask after fork.

#include <optional>

#include "pipetop/core/error.hpp"

namespace pipetop {

class SignalWatch {
 public:
  // Blocks the signals and opens the signalfd. On failure returns a runtime error naming the call.
  [[nodiscard]] static Result<SignalWatch> install();

  SignalWatch(SignalWatch&& other) noexcept;
  SignalWatch& operator=(SignalWatch&&) = delete;
  SignalWatch(const SignalWatch&) = delete;
  SignalWatch& operator=(const SignalWatch&) = delete;
  // Restores the previous signal mask.
  ~SignalWatch();

  // Waits up to `timeout_ms` for a signal; returns its number, or nullopt on timeout.
  [[nodiscard]] std::optional<int> wait(int timeout_ms) const;

  // The fd to poll with other inputs; take() then reads the pending signal without waiting.
  [[nodiscard]] int fd() const { return fd_; }
  [[nodiscard]] std::optional<int> take() const;

 private:
  explicit SignalWatch(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace pipetop

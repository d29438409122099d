#pragma once
// The user's program at one end of the pipe, held for as long as pipetop measures it: the fd pipetop's
// worker moves bytes on (a copy of stdin or stdout, or the read end of a pipe from a command started
// here) and, with --pass, a copy of stdout to forward to. Sessions come and go on it (a dashboard key
// restarts pipetop's worker) while the pipe and the other program stay: the program sees a pause, never
// an end. The standard streams themselves go to /dev/null at once, so that once this closes its copies
// (and the worker is gone), end of file and EPIPE reach the other program as they would without pipetop.

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/pipe_ends.hpp"

namespace pipetop {

class ExternalEnd {
 public:
  // Holds the ends `ends` names: stdin or stdout, or a pipe from `ends.command` started here
  // (spawn_command: its errors, and nothing left running); nullptr for own_pair, where there is no
  // other program. Fails when a stream cannot be duplicated or the command cannot start.
  [[nodiscard]] static Result<std::unique_ptr<ExternalEnd>> open(const PipeEnds& ends);

  ExternalEnd(const ExternalEnd&) = delete;
  ExternalEnd& operator=(const ExternalEnd&) = delete;
  // Closes what it holds and ends a command still running (SIGKILL to its group), reaped.
  ~ExternalEnd();

  // The fd pipetop's worker moves bytes on; -1 once let go.
  [[nodiscard]] int data_fd() const { return data_fd_; }
  // --pass: where the reader forwards what it reads; -1 otherwise.
  [[nodiscard]] int out_fd() const { return out_fd_; }
  // The command started here (0 when the program was there before pipetop).
  [[nodiscard]] pid_t command_pid() const { return command_pid_; }

  // Reaps the command if it has ended; never blocks. Returns whether it has (true without a command).
  bool command_ended();
  // Asks a command still running to end (SIGTERM to its process group, the processes it started
  // included): pipetop ended it, the summary says so.
  void stop_command() noexcept;
  // Waits up to `grace_ns` for the command to end, then kills its process group (SIGKILL) and reaps
  // it. Once pipetop has asked it to end, what remains of its group is killed even if it ended.
  void finish_command(std::int64_t grace_ns) noexcept;
  // The command's waitpid status once reaped, and whether pipetop ended it (stop_command while it ran).
  [[nodiscard]] std::optional<int> command_status() const { return command_status_; }
  [[nodiscard]] bool command_stopped() const { return command_stopped_; }

  // Closes the copies held here: with pipetop's worker gone, the other program sees end of file or EPIPE.
  void let_go() noexcept;

 private:
  ExternalEnd() = default;

  int data_fd_ = -1;
  int out_fd_ = -1;
  pid_t command_pid_ = 0;
  std::optional<int> command_status_;
  bool command_stopped_ = false;
};

}  // namespace pipetop

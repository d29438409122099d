#pragma once
// Starting the user's command (`pipetop run -- cmd ARGS`) with its stdout on a pipe pipetop reads.

#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// The exit codes of a command that cannot be started, as a shell gives them (and `run -- COMMAND`
// exits with a command's own status): 126 found but not executable, 127 not found.
inline constexpr auto kCommandNotExecutable = static_cast<ExitCode>(126);
inline constexpr auto kCommandNotFound = static_cast<ExitCode>(127);

// Forks and execs `argv` (looked up in PATH as a shell does) with its stdout on `stdout_fd`; stdin and
// stderr are pipetop's. The child leads a process group of its own (its pid), so that the processes
// it starts can be signalled with it, as timeout(1) does; like timeout's, it is not the terminal's
// foreground group, so a command that reads the terminal is stopped (SIGTTIN). It gets an empty
// signal mask and default dispositions (pipetop's workers ignore SIGINT and pipetop SIGPIPE; the
// command must not), and SIGTERM when pipetop dies (PR_SET_PDEATHSIG). Returns once
// the exec has succeeded. On failure nothing is left running (the child is reaped): a command that
// does not exist (ENOENT) is kCommandNotFound, one that cannot be executed (EACCES, ENOEXEC...)
// kCommandNotExecutable, both naming it; fork failure is a runtime error.
//
// `start` adds to its environment and, when it names CPUs, pins it (and so what it starts) to them; a
// CPU it may not use fails with an environment error naming them.
struct CommandStart {
  std::vector<std::pair<std::string, std::string>> env;
  std::vector<int> cpus;
};
[[nodiscard]] Result<pid_t> spawn_command(const std::vector<std::string>& argv, int stdout_fd,
                                          const CommandStart& start = {});

}  // namespace pipetop

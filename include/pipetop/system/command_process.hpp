#pragma once
// Starting the user's command (`pipetop run -- cmd ARGS`) with its stdout on a pipe pipetop reads.

#include <sys/types.h>

#include <string>
#include <vector>

#include "pipetop/core/error.hpp"

namespace pipetop {

// Forks and execs `argv` (looked up in PATH as a shell does) with its stdout on `stdout_fd`; stdin and
// stderr are pipetop's. The child gets an empty signal mask and default dispositions (pipetop's workers
// ignore SIGINT; the command must not), and SIGTERM when pipetop dies (PR_SET_PDEATHSIG). Returns once
// the exec has succeeded. On failure nothing is left running (the child is reaped): a command that
// does not exist (ENOENT) is a usage error, one that cannot be executed (EACCES, ENOEXEC...) an
// environment error, both naming it; fork failure is a runtime error.
[[nodiscard]] Result<pid_t> spawn_command(const std::vector<std::string>& argv, int stdout_fd);

}  // namespace pipetop

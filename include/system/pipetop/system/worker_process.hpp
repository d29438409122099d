#pragma once
// Forking a worker from this binary (no exec).

#include <sys/types.h>

#include <csignal>
#include <functional>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// Sent by the parent to a worker whose other end is the user's program, to interrupt a pipe call that
// may block for good (a producer that sends nothing): the call returns EINTR and the loop sees stop.
inline constexpr int kWakeSignal = SIGUSR1;

// Forks a child that runs `body` and leaves with _exit(body's return value) — never returning into
// the caller's stack, never flushing the parent's stdio buffers. Before `body` the child:
// - asks for SIGKILL when the parent dies (PR_SET_PDEATHSIG) and exits at once if the parent is
//   already gone (getppid() changed: the race prctl alone cannot close);
// - ignores SIGINT, SIGQUIT, SIGHUP and SIGTERM (the parent decides when workers stop, even on Ctrl-C
//   or a `timeout`/service manager's SIGTERM to the whole process group; it stops them through the
//   shared region, or with SIGKILL) and SIGPIPE (a closed pipe becomes EPIPE), catches kWakeSignal
//   without SA_RESTART, then empties its signal mask.
// On fork failure returns a runtime error naming fork and errno (EAGAIN: process limit).
[[nodiscard]] Result<pid_t> spawn_worker(const std::function<int()>& body);

}  // namespace pipetop

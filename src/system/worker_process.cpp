#include "pipetop/system/worker_process.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>

namespace pipetop {
namespace {

void interrupt_call(int /*sig*/) {}

void prepare_child(pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(1);
  // Ignored before the mask is emptied: a signal sent to the group while the parent's mask still
  // held it is pending here, and is discarded rather than delivered.
  for (const int sig : {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE}) signal(sig, SIG_IGN);
  struct sigaction wake {};
  wake.sa_handler = interrupt_call;  // no SA_RESTART: a blocked pipe call returns EINTR
  sigaction(kWakeSignal, &wake, nullptr);
  sigset_t none;  // only now: a wake-up sent since the fork finds its handler
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

}  // namespace

Result<pid_t> spawn_worker(const std::function<int()>& body) {
  const pid_t parent = getpid();
  std::fflush(nullptr);
  sigset_t wake;
  sigset_t before;
  sigemptyset(&wake);
  sigaddset(&wake, kWakeSignal);
  sigprocmask(SIG_BLOCK, &wake, &before);  // held until the child has its handler
  const pid_t pid = fork();
  if (pid != 0) {
    const int err = errno;
    sigprocmask(SIG_SETMASK, &before, nullptr);
    if (pid < 0) return std::unexpected(runtime_error("fork(): " + errno_text(err)));
    return pid;
  }
  prepare_child(parent);
  int code = 1;
  try {
    code = body();
  } catch (...) {
    code = 1;
  }
  _exit(code);
}

}  // namespace pipetop

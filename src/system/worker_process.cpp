#include "pipetop/system/worker_process.hpp"

#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>

namespace pipetop {
namespace {

void prepare_child(pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(1);
  // Ignored before the mask is emptied: a signal sent to the group while the parent's mask still
  // held it is pending here, and is discarded rather than delivered.
  for (const int sig : {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE}) signal(sig, SIG_IGN);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

}  // namespace

Result<pid_t> spawn_worker(const std::function<int()>& body) {
  const pid_t parent = getpid();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return std::unexpected(runtime_error("fork(): " + errno_text(errno)));
  if (pid > 0) return pid;
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

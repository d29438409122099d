#include "pipetop/system/command_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>

namespace pipetop {
namespace {

// In the child: everything as a shell would start it, then exec; on failure, errno goes to `status_fd`.
[[noreturn]] void exec_child(const std::vector<std::string>& argv, int stdout_fd, int status_fd, pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent) _exit(127);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig = 1; sig < NSIG; ++sig) signal(sig, SIG_DFL);
  if (stdout_fd != STDOUT_FILENO && dup2(stdout_fd, STDOUT_FILENO) < 0) {
    const int err = errno;
    (void)!write(status_fd, &err, sizeof err);
    _exit(127);
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  const int err = errno;
  (void)!write(status_fd, &err, sizeof err);
  _exit(127);
}

Error exec_error(const std::string& name, int err) {
  if (err == ENOENT) {
    return usage_error("cannot run '" + name + "': no such command (" + errno_text(err) + ")",
                       "check its name, or give its path");
  }
  return environment_error("cannot run '" + name + "': " + errno_text(err),
                           err == EACCES ? "it must be an executable file you may run" : "");
}

}  // namespace

Result<pid_t> spawn_command(const std::vector<std::string>& argv, int stdout_fd) {
  if (argv.empty()) return std::unexpected(usage_error("-- needs a command to run", "pipetop run -- cmd ARGS"));
  int status[2];
  if (pipe2(status, O_CLOEXEC) != 0) return std::unexpected(runtime_error("pipe2(): " + errno_text(errno)));
  const pid_t parent = getpid();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    const int err = errno;
    close(status[0]);
    close(status[1]);
    return std::unexpected(runtime_error("fork(): " + errno_text(err)));
  }
  if (pid == 0) exec_child(argv, stdout_fd, status[1], parent);
  close(status[1]);
  int err = 0;
  ssize_t got = 0;
  do {
    got = read(status[0], &err, sizeof err);
  } while (got < 0 && errno == EINTR);
  close(status[0]);
  if (got <= 0) return pid;  // the exec closed the status pipe: the command runs
  while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  return std::unexpected(exec_error(argv[0], err));
}

}  // namespace pipetop

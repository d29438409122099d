#include "pipetop/system/command_process.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "pipetop/core/machine/cpu_list.hpp"

namespace pipetop {
namespace {

// What the child failed at, sent to the parent with errno.
enum class ChildStage : int { exec, pin };

struct ChildStatus {
  ChildStage stage = ChildStage::exec;
  int err = 0;
};

[[noreturn]] void child_failed(int status_fd, ChildStage stage) {
  const ChildStatus status{stage, errno};
  (void)!write(status_fd, &status, sizeof status);
  _exit(127);
}

// In the child: everything as a shell would start it, then exec; on failure, errno goes to `status_fd`.
[[noreturn]] void exec_child(const std::vector<std::string>& argv, int stdout_fd, const CommandStart& start,
                             int status_fd, pid_t parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent) _exit(127);
  setpgid(0, 0);  // its own process group, which pipetop signals as a whole (as timeout(1) does)
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig = 1; sig < NSIG; ++sig) signal(sig, SIG_DFL);
  if (stdout_fd != STDOUT_FILENO && dup2(stdout_fd, STDOUT_FILENO) < 0) child_failed(status_fd, ChildStage::exec);
  for (const auto& [name, value] : start.env) setenv(name.c_str(), value.c_str(), 1);
  if (!start.cpus.empty()) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (const int cpu : start.cpus) CPU_SET(static_cast<std::size_t>(cpu), &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) child_failed(status_fd, ChildStage::pin);
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execvp(args[0], args.data());
  child_failed(status_fd, ChildStage::exec);
}

// As a shell says it: 127 when there is no such command, 126 when it cannot be executed.
Error exec_error(const std::string& name, int err) {
  if (err == ENOENT || err == ENOTDIR) {
    return {kCommandNotFound, "cannot run '" + name + "': no such command (" + errno_text(err) + ")",
            "check its name, or give its path"};
  }
  return {kCommandNotExecutable, "cannot run '" + name + "': " + errno_text(err),
          err == EACCES ? "it must be an executable file you may run" : ""};
}

}  // namespace

Result<pid_t> spawn_command(const std::vector<std::string>& argv, int stdout_fd, const CommandStart& start) {
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
  if (pid == 0) exec_child(argv, stdout_fd, start, status[1], parent);
  setpgid(pid, pid);  // also here, so that the group exists whichever of the two runs first
  close(status[1]);
  ChildStatus child;
  ssize_t got = 0;
  do {
    got = read(status[0], &child, sizeof child);
  } while (got < 0 && errno == EINTR);
  close(status[0]);
  if (got <= 0) return pid;  // the exec closed the status pipe: the command runs
  while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  if (child.stage == ChildStage::pin) {
    return std::unexpected(environment_error("cannot pin '" + argv[0] + "' to CPUs " + format_cpu_list(start.cpus) +
                                             ": sched_setaffinity(): " + errno_text(child.err)));
  }
  return std::unexpected(exec_error(argv[0], child.err));
}

}  // namespace pipetop

#include "pipetop/system/shell_command_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/number_format.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/command_process.hpp"

namespace pipetop {
namespace {

// Without a pidfd (Linux before 5.3) the shell's exit is looked for this often.
constexpr std::int64_t kExitCheckNs = 10 * kNsPerMs;

// The shell has exited (a zombie still: its process group cannot be reused before it is reaped).
bool exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

// Appends one read of `fd` to `out`, keeping its last kCommandOutputKeptBytes; read(2)'s result.
ssize_t read_some(int fd, std::string& out) {
  std::array<char, 16 * 1024> buffer{};
  const ssize_t got = read(fd, buffer.data(), buffer.size());
  if (got <= 0) return got;
  out.append(buffer.data(), static_cast<std::size_t>(got));
  if (out.size() > kCommandOutputKeptBytes) out.erase(0, out.size() - kCommandOutputKeptBytes);
  return got;
}

// Reads `fd` until the shell `pid` exits or `deadline_ns` passes; true when it exited.
bool read_until_exit(pid_t pid, int fd, std::int64_t deadline_ns, std::string& out) {
#ifdef SYS_pidfd_open
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
  const int pidfd = -1;
#endif
  bool open = true;
  bool done = false;
  while (!(done = exited(pid))) {
    const std::int64_t left_ns = deadline_ns - monotonic_ns();
    if (left_ns <= 0) break;
    std::array<pollfd, 2> fds{pollfd{open ? fd : -1, POLLIN, 0}, pollfd{pidfd, POLLIN, 0}};
    const std::int64_t wait_ns = pidfd < 0 ? std::min(left_ns, kExitCheckNs) : left_ns;
    const int ready = poll(fds.data(), fds.size(), static_cast<int>((wait_ns + kNsPerMs - 1) / kNsPerMs));
    if (ready > 0 && open && fds[0].revents != 0) {
      const ssize_t got = read_some(fd, out);
      open = got > 0 || (got < 0 && errno == EINTR);
    }
  }
  if (pidfd >= 0) close(pidfd);
  // What it wrote just before it exited; a process it left behind may hold the pipe open, so only
  // what is there now.
  if (open && fcntl(fd, F_SETFL, O_NONBLOCK) == 0) {
    while (read_some(fd, out) > 0) {
    }
  }
  return done;
}

std::string quoted(const std::string& command) {
  return "the command '" + command + "'";
}

}  // namespace

Result<std::string> ShellCommandRunner::run(const CommandRun& run) {
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return std::unexpected(runtime_error("pipe2(): " + errno_text(errno)));
  const std::int64_t deadline_ns = monotonic_ns() + run.timeout_ns;
  const Result<pid_t> pid = spawn_command({"/bin/sh", "-c", run.command}, out[1], {run.env, run.cpus});
  close(out[1]);
  if (!pid) {
    close(out[0]);
    return std::unexpected(pid.error());
  }
  std::string output;
  const bool finished = read_until_exit(*pid, out[0], deadline_ns, output);
  close(out[0]);
  kill(-*pid, SIGKILL);  // whatever it started and left running
  int status = 0;
  while (waitpid(*pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!finished) {
    return std::unexpected(runtime_error(quoted(run.command) + " did not finish within " +
                                             format_fixed(static_cast<double>(run.timeout_ns) / 1e9, 1) +
                                             " s and was killed",
                                         "it must stop by itself after moving $PIPETOP_BYTES bytes"));
  }
  if (WIFSIGNALED(status)) {
    return std::unexpected(runtime_error(quoted(run.command) + " was killed by signal " +
                                         std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")"));
  }
  if (WEXITSTATUS(status) != 0) {
    return std::unexpected(
        runtime_error(quoted(run.command) + " exited with status " + std::to_string(WEXITSTATUS(status))));
  }
  return output;
}

std::int64_t ShellCommandRunner::now_ns() {
  return monotonic_ns();
}

}  // namespace pipetop

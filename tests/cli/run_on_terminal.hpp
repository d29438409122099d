#pragma once
// Test helper: run the real pipetop binary on a pseudo-terminal of its own (stdin, stdout and stderr
// on the pty, which is its controlling terminal), with some environment variables set and, when
// asked, stdin closed; what it wrote to the terminal is read back with the exit status.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace pipetop::testing {

struct OnTerminal {
  int exit_code = -1;  // WEXITSTATUS, or 128+signal
  bool timed_out = false;
  std::string screen;  // everything written to the terminal, escapes included
  std::string error;   // why the pty could not be set up; empty when it was
};

struct TerminalOptions {
  std::vector<std::pair<std::string, std::string>> env;  // set in the child before exec
  bool close_stdin = false;
};

inline OnTerminal run_on_terminal(const std::vector<std::string>& args, const TerminalOptions& options,
                                  std::chrono::milliseconds timeout) {
  OnTerminal result;
  const int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0 || ptsname(master) == nullptr) {
    result.error = "no pseudo-terminal (posix_openpt)";
    if (master >= 0) close(master);
    return result;
  }
  const std::string slave_name = ptsname(master);
  const pid_t pid = fork();
  if (pid == 0) {
    setsid();
    const int slave = open(slave_name.c_str(), O_RDWR);  // the first tty opened: the controlling terminal
    if (slave < 0) _exit(126);
    for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) dup2(slave, fd);
    if (slave > STDERR_FILENO) close(slave);
    if (options.close_stdin) close(STDIN_FILENO);
    for (const auto& [name, value] : options.env) setenv(name.c_str(), value.c_str(), 1);
    std::vector<std::string> copies = args;
    std::string binary = PIPETOP_BINARY;
    std::vector<char*> argv{binary.data()};
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {  // until the slave side is closed by everyone (EIO) or the time is up
    if (std::chrono::steady_clock::now() > deadline) {
      result.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    pollfd p{master, POLLIN, 0};
    if (poll(&p, 1, 20) <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(master, chunk, sizeof chunk);
    if (n <= 0) break;
    result.screen.append(chunk, static_cast<std::size_t>(n));
  }
  int status = 0;
  waitpid(pid, &status, 0);
  close(master);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace pipetop::testing

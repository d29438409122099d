#pragma once
// Test helper: run the real pipetop binary as a child process, capturing stdout, stderr and the exit
// status, with a timeout (a hang is a failure, not a stuck test run).

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace pipetop::testing {

struct Ran {
  int exit_code = -1;  // WEXITSTATUS, or 128+signal
  bool timed_out = false;
  std::string out;
  std::string err;
};

// Starts `program` with `args` and stdin from /dev/null; `while_running(pid, out_so_far)` is called every ~10 ms until the
// child exits, and may send it signals.
inline Ran run_program(const std::string& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout,
                       const std::function<void(pid_t, const std::string&)>& while_running = {}) {
  int out_pipe[2];
  int err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_RDONLY);  // a pipe on stdin would make `pipetop run` read it
    if (null >= 0) dup2(null, STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    std::vector<char*> argv;
    std::string binary = program;
    argv.push_back(binary.data());
    std::vector<std::string> copies = args;
    for (std::string& a : copies) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  Ran ran;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&ran.out, &ran.err};
  int open_fds = 2;
  while (open_fds > 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ran.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    if (poll(fds, 2, 10) > 0) {
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP)) == 0) continue;
        char chunk[4096];
        const ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
        if (n > 0) {
          sinks[i]->append(chunk, static_cast<std::size_t>(n));
        } else {
          close(fds[i].fd);
          fds[i].fd = -1;
          --open_fds;
        }
      }
    }
    if (while_running) while_running(pid, ran.out);
  }
  for (const pollfd& p : fds) {
    if (p.fd >= 0) close(p.fd);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  ran.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return ran;
}


// Runs the pipetop binary under test with `args`.
inline Ran run_binary(const std::vector<std::string>& args, std::chrono::milliseconds timeout,
                      const std::function<void(pid_t, const std::string&)>& while_running = {}) {
  return run_program(PIPETOP_BINARY, args, timeout, while_running);
}

}  // namespace pipetop::testing

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
  int exit_code = -1;     // WEXITSTATUS, or 128+signal
  bool signaled = false;  // killed by a signal (not an exit, whatever its code)
  bool timed_out = false;
  std::string out;
  std::string err;
};

// A child started and not yet collected: its pid and the read ends of its stdout and stderr.
struct Started {
  pid_t pid = -1;
  int out_fd = -1;
  int err_fd = -1;
};

// Starts `program` with `args`, stdin from /dev/null, as the leader of its own process group (kill(-pid, sig) reaches
// it and its children, as `timeout` and service managers do), stdout and stderr on pipes. `in_child`, when given, runs
// in the child just before exec (to point stdout elsewhere, close it...).
inline Started start_program(const std::string& program, const std::vector<std::string>& args,
                             const std::function<void()>& in_child = {}) {
  int out_pipe[2];
  int err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return {};
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return {};
  }
  std::vector<std::string> copies = args;
  std::string binary = program;
  std::vector<char*> argv{binary.data()};
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_RDONLY);  // a pipe on stdin would make `pipetop run` read it
    if (null >= 0) dup2(null, STDIN_FILENO);
    setpgid(0, 0);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    if (in_child) in_child();
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also here: whichever of the two runs first
  close(out_pipe[1]);
  close(err_pipe[1]);
  return {pid, out_pipe[0], err_pipe[0]};
}

// Reads the child's output until it closes both streams, calling `while_running(pid, out_so_far)`
// every ~10 ms; kills it after `timeout`. Then reaps it.
inline Ran collect(const Started& child, std::chrono::milliseconds timeout,
                   const std::function<void(pid_t, const std::string&)>& while_running = {}) {
  Ran ran;
  if (child.pid <= 0) return ran;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  pollfd fds[2] = {{child.out_fd, POLLIN, 0}, {child.err_fd, POLLIN, 0}};
  std::string* sinks[2] = {&ran.out, &ran.err};
  int open_fds = 2;
  while (open_fds > 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ran.timed_out = true;
      kill(child.pid, SIGKILL);
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
    if (while_running) while_running(child.pid, ran.out);
  }
  for (const pollfd& p : fds) {
    if (p.fd >= 0) close(p.fd);
  }
  int status = 0;
  waitpid(child.pid, &status, 0);
  ran.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  ran.signaled = WIFSIGNALED(status);
  return ran;
}

// start_program, then collect.
inline Ran run_program(const std::string& program, const std::vector<std::string>& args,
                       std::chrono::milliseconds timeout,
                       const std::function<void(pid_t, const std::string&)>& while_running = {},
                       const std::function<void()>& in_child = {}) {
  return collect(start_program(program, args, in_child), timeout, while_running);
}

// Runs the pipetop binary under test with `args`.
inline Ran run_binary(const std::vector<std::string>& args, std::chrono::milliseconds timeout,
                      const std::function<void(pid_t, const std::string&)>& while_running = {},
                      const std::function<void()>& in_child = {}) {
  return run_program(PIPETOP_BINARY, args, timeout, while_running, in_child);
}

}  // namespace pipetop::testing

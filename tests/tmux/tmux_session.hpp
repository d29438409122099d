#pragma once
// Test helper: the real pipetop dashboard in a real terminal. Starts the binary in a detached tmux
// session on a private server (tmux -L <unique socket>, so a test never sees or touches anyone
// else's sessions) at a fixed size with LANG=C.UTF-8, sends keys, resizes, captures the pane (plain
// or with colours) and waits for what should appear, fzf-style: poll the screen until a condition
// holds or a generous timeout passes, never a blind sleep. A timeout's message carries the whole
// screen. The pane runs `[feed |] pipetop [args]; echo EXIT=$?; sleep 30` (or another command than the
// sleep), so the exit status can be read from the screen after pipetop has gone. The destructor
// kills the server, and anything of ours that outlived it.
//
// Only libc and the standard library: tmux is run by fork + exec, with an argument vector (no
// shell quoting between us and tmux).

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace pipetop::tmux_testing {

using namespace std::chrono_literals;

// ---- running a program and reading its output ------------------------------------------------

struct Output {
  int status = -1;   // exit status, 128+signal, or -1 when it could not be started
  std::string text;  // stdout and stderr together
};

// The environment minus the variables that would tie tmux to an outer tmux.
inline std::vector<std::string> clean_environment() {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string_view entry = *e;
    if (entry.starts_with("TMUX=") || entry.starts_with("TMUX_PANE=")) continue;
    env.emplace_back(entry);
  }
  return env;
}

// Runs `argv` (argv[0] looked up in PATH), stdin from /dev/null, and returns what it printed.
inline Output run_command(const std::vector<std::string>& argv) {
  Output result;
  if (argv.empty()) return result;
  std::vector<std::string> args = argv;
  std::vector<char*> c_args;
  for (std::string& a : args) c_args.push_back(a.data());
  c_args.push_back(nullptr);
  std::vector<std::string> env = clean_environment();
  std::vector<char*> c_env;
  for (std::string& e : env) c_env.push_back(e.data());
  c_env.push_back(nullptr);

  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return result;
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return result;
  }
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, STDIN_FILENO);
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    execvpe(c_args[0], c_args.data(), c_env.data());
    _exit(127);
  }
  close(fds[1]);
  char chunk[4096];
  for (;;) {
    const ssize_t n = read(fds[0], chunk, sizeof chunk);
    if (n > 0) {
      result.text.append(chunk, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

// Whether a usable tmux is on PATH; the reason when not.
inline std::optional<std::string> tmux_missing() {
  const Output version = run_command({"tmux", "-V"});
  if (version.status == 0) return std::nullopt;
  if (version.status == 127) return std::string("tmux is not installed (apt-get install tmux)");
  return "tmux -V failed (" + std::to_string(version.status) + "): " + version.text;
}

// Single-quoted for sh/bash.
inline std::string shell_quote(std::string_view text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

// ---- processes, from /proc ----------------------------------------------------------------------

struct ProcStat {
  std::string comm;
  char state = 0;
  pid_t ppid = 0;
  unsigned long long utime = 0;  // clock ticks
  unsigned long long stime = 0;
};

inline std::optional<ProcStat> read_stat(pid_t pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(file, line)) return std::nullopt;
  const std::size_t open_paren = line.find('(');
  const std::size_t close_paren = line.rfind(')');
  if (open_paren == std::string::npos || close_paren == std::string::npos || close_paren < open_paren) {
    return std::nullopt;
  }
  ProcStat stat;
  stat.comm = line.substr(open_paren + 1, close_paren - open_paren - 1);
  std::istringstream rest(line.substr(close_paren + 1));
  std::string skip;
  rest >> stat.state >> stat.ppid;
  for (int field = 5; field <= 13; ++field) rest >> skip;  // pgrp ... cmajflt
  rest >> stat.utime >> stat.stime;
  if (!rest) return std::nullopt;
  return stat;
}

inline std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> children;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return children;
  while (const dirent* entry = readdir(proc)) {
    const std::string_view name = entry->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string_view::npos) continue;
    const auto pid = static_cast<pid_t>(std::stol(std::string(name)));
    const std::optional<ProcStat> stat = read_stat(pid);
    if (stat && stat->ppid == parent) children.push_back(pid);
  }
  closedir(proc);
  std::sort(children.begin(), children.end());
  return children;
}

// Alive and not a zombie.
inline bool is_running(pid_t pid) {
  const std::optional<ProcStat> stat = read_stat(pid);
  return stat && stat->state != 'Z' && stat->state != 'X';
}

// ---- screens ------------------------------------------------------------------------------------

inline std::vector<std::string> screen_lines(const std::string& screen) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(screen);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// Row `n` of a captured screen ("" past the end).
inline std::string screen_row(const std::string& screen, std::size_t n) {
  const std::vector<std::string> lines = screen_lines(screen);
  return n < lines.size() ? lines[n] : std::string();
}

struct Waited {
  bool ok = false;
  std::string screen;   // the last screen seen
  std::string message;  // on failure: what was awaited, for how long, and the whole screen
  explicit operator bool() const { return ok; }
};

// ---- the session --------------------------------------------------------------------------------

struct SessionOptions {
  int width = 80;
  int height = 24;
  std::vector<std::string> args;                         // after the binary
  std::vector<std::pair<std::string, std::string>> env;  // exported in the pane before it starts
  std::string binary = PIPETOP_BINARY;
  std::string after = "sleep 30";  // the pane's shell runs this after printing EXIT=<n>
  std::string feed;                // a shell command piped into pipetop's stdin ("yes"), or none
  std::string consumer;            // a shell command pipetop's stdout is piped into ("cat >/dev/null"), or none
};

class TmuxSession {
 public:
  explicit TmuxSession(SessionOptions options) : options_(std::move(options)) {
    static std::atomic<int> counter{0};
    socket_ = "pipetop-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + "-" +
              std::to_string(std::chrono::steady_clock::now().time_since_epoch().count() % 1000000);
    start();
  }

  TmuxSession(const TmuxSession&) = delete;
  TmuxSession& operator=(const TmuxSession&) = delete;

  ~TmuxSession() { stop(); }

  // Empty when the session started; else why not.
  [[nodiscard]] const std::string& start_error() const { return start_error_; }
  [[nodiscard]] const std::string& socket() const { return socket_; }
  [[nodiscard]] const std::string& command() const { return command_; }

  // tmux with our socket and no user configuration.
  Output tmux(std::vector<std::string> args) const {
    std::vector<std::string> argv = {"tmux", "-u", "-L", socket_, "-f", "/dev/null"};
    argv.insert(argv.end(), std::make_move_iterator(args.begin()), std::make_move_iterator(args.end()));
    return run_command(argv);
  }

  // Keys by tmux name: "v", "Space", "Escape", "C-c", "?"...
  bool send_keys(std::initializer_list<std::string_view> keys) const {
    std::vector<std::string> args = {"send-keys", "-t", target()};
    for (const std::string_view k : keys) args.emplace_back(k);
    return tmux(args).status == 0;
  }
  bool send_key(std::string_view key) const { return send_keys({key}); }

  // Text typed as is, character by character.
  bool type(std::string_view text) const {
    return tmux({"send-keys", "-t", target(), "-l", std::string(text)}).status == 0;
  }

  bool resize(int width, int height) {
    const Output out =
        tmux({"resize-window", "-t", target(), "-x", std::to_string(width), "-y", std::to_string(height)});
    if (out.status != 0) return false;
    options_.width = width;
    options_.height = height;
    return true;
  }

  // The visible screen as text, trailing blanks cut.
  std::string capture() const { return tmux({"capture-pane", "-p", "-t", target()}).text; }
  // The same with SGR escapes for colours and attributes.
  std::string capture_colour() const { return tmux({"capture-pane", "-e", "-p", "-t", target()}).text; }

  // tmux's own idea of the pane: "#{pane_width}x#{pane_height}", "#{pane_pid}"...
  std::string format(std::string_view fmt) const {
    std::string text = tmux({"display-message", "-p", "-t", target(), std::string(fmt)}).text;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    return text;
  }

  std::optional<pid_t> pane_pid() const {
    const std::string text = format("#{pane_pid}");
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return static_cast<pid_t>(std::stol(text));
  }

  // Waits until `ready(screen)` holds, looking `every` so often; on timeout the message shows `what`
  // and the whole screen. Each look starts a tmux client: a test of figures that a busy machine
  // spoils (an A/B drops the rounds its workers waited for their CPUs in) looks less often.
  Waited wait_for(std::string_view what, const std::function<bool(const std::string&)>& ready,
                  std::chrono::milliseconds timeout = 10s, std::chrono::milliseconds every = 50ms) const {
    const auto start = std::chrono::steady_clock::now();
    Waited waited;
    for (;;) {
      waited.screen = capture();
      if (ready(waited.screen)) {
        waited.ok = true;
        return waited;
      }
      if (std::chrono::steady_clock::now() - start > timeout) break;
      std::this_thread::sleep_for(every);
    }
    waited.message = describe_timeout(what, timeout, waited.screen);
    return waited;
  }

  Waited wait_for_text(std::string_view text, std::chrono::milliseconds timeout = 10s) const {
    const std::string wanted(text);
    return wait_for(
        "\"" + wanted + "\" on screen", [&](const std::string& s) { return s.find(wanted) != std::string::npos; },
        timeout);
  }

  Waited wait_for_absent(std::string_view text, std::chrono::milliseconds timeout = 10s) const {
    const std::string unwanted(text);
    return wait_for(
        "\"" + unwanted + "\" gone from the screen",
        [&](const std::string& s) { return s.find(unwanted) == std::string::npos; }, timeout);
  }

  // pipetop's exit status as the pane printed it ("EXIT=<n>").
  std::optional<int> wait_for_exit(std::chrono::milliseconds timeout = 10s) const {
    // The shell's line may wrap anywhere ("E" / "XIT=137"): look at the screen with rows joined.
    const auto joined = [](std::string screen) {
      std::erase(screen, '\n');
      return screen;
    };
    const Waited waited = wait_for(
        "EXIT=<n> (pipetop ended)",
        [&](const std::string& s) {
          const std::string all = joined(s);
          const std::size_t at = all.find("EXIT=");
          return at != std::string::npos && at + 5 < all.size() &&
                 std::isdigit(static_cast<unsigned char>(all[at + 5])) != 0;
        },
        timeout);
    if (!waited) return std::nullopt;
    const std::string all = joined(waited.screen);
    return std::atoi(all.c_str() + all.find("EXIT=") + 5);
  }

  // pipetop's own pid: the pane's shell's child named pipetop (waits for it to appear).
  std::optional<pid_t> pipetop_pid(std::chrono::milliseconds timeout = 10s) {
    if (pipetop_pid_ && is_running(*pipetop_pid_)) return pipetop_pid_;
    const std::optional<pid_t> shell = pane_pid();
    if (!shell) return std::nullopt;
    const auto start = std::chrono::steady_clock::now();
    do {
      for (const pid_t child : children_of(*shell)) {
        const std::optional<ProcStat> stat = read_stat(child);
        if (stat && stat->comm == "pipetop" && stat->state != 'Z') {
          pipetop_pid_ = child;
          return child;
        }
      }
      std::this_thread::sleep_for(20ms);
    } while (std::chrono::steady_clock::now() - start < timeout);
    return std::nullopt;
  }

  // pipetop's children right now (the writer and the reader, once started); all are remembered
  // so that the destructor can make sure none outlives the test.
  std::vector<pid_t> workers() {
    const std::optional<pid_t> parent = pipetop_pid(0ms);
    if (!parent) return {};
    std::vector<pid_t> children = children_of(*parent);
    seen_.insert(children.begin(), children.end());
    return children;
  }

  // Waits until pipetop has exactly `count` live children.
  std::vector<pid_t> wait_for_workers(std::size_t count = 2, std::chrono::milliseconds timeout = 10s) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<pid_t> live;
    do {
      live.clear();
      for (const pid_t pid : workers()) {
        if (is_running(pid)) live.push_back(pid);
      }
      if (live.size() == count) return live;
      std::this_thread::sleep_for(20ms);
    } while (std::chrono::steady_clock::now() - start < timeout);
    return live;
  }

  // Every worker pid seen so far.
  [[nodiscard]] const std::set<pid_t>& seen_workers() const { return seen_; }

  [[nodiscard]] int width() const { return options_.width; }
  [[nodiscard]] int height() const { return options_.height; }

 private:
  std::string target() const { return "pipetop"; }

  std::string describe_timeout(std::string_view what, std::chrono::milliseconds timeout,
                               const std::string& screen) const {
    std::string message = "timed out after " + std::to_string(timeout.count()) + " ms waiting for " +
                          std::string(what) + "\n--- screen (" + std::to_string(options_.width) + "x" +
                          std::to_string(options_.height) + ", tmux -L " + socket_ + ") ---\n";
    const std::vector<std::string> lines = screen_lines(screen);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      message += (i < 10 ? " " : "") + std::to_string(i) + "|" + lines[i] + "\n";
    }
    return message + "--- end of screen ---";
  }

  void start() {
    std::string script = "unset LC_ALL LC_CTYPE LC_MESSAGES LANGUAGE NO_COLOR; export LANG=C.UTF-8; ";
    for (const auto& [name, value] : options_.env) script += "export " + name + "=" + shell_quote(value) + "; ";
    command_ = shell_quote(options_.binary);
    for (const std::string& a : options_.args) command_ += " " + shell_quote(a);
    if (!options_.feed.empty()) command_ = options_.feed + " | " + command_;  // $? is still pipetop's
    std::string status = "$?";
    if (!options_.consumer.empty()) {  // pipetop's status is then the pipeline's first or second
      command_ += " | " + options_.consumer;
      status = options_.feed.empty() ? "${PIPESTATUS[0]}" : "${PIPESTATUS[1]}";
    }
    script += command_ + "; echo EXIT=" + status + "; " + options_.after;
    // The pane runs bash directly (an argument vector, not the user's shell): bash waits out a child
    // that handles Ctrl-C itself and goes on to print its status.
    const Output out = tmux({"new-session",
                             "-d",
                             "-s",
                             target(),
                             "-x",
                             std::to_string(options_.width),
                             "-y",
                             std::to_string(options_.height),
                             "--",
                             "/bin/bash",
                             "-c",
                             script,
                             ";",
                             "set-option",
                             "-g",
                             "status",
                             "off",
                             ";",
                             "resize-window",
                             "-t",
                             target(),
                             "-x",
                             std::to_string(options_.width),
                             "-y",
                             std::to_string(options_.height)});
    if (out.status != 0) {
      start_error_ = "tmux new-session failed (" + std::to_string(out.status) + "): " + out.text;
      return;
    }
    started_ = true;
    socket_path_ = format("#{socket_path}");
    const std::string want = std::to_string(options_.width) + "x" + std::to_string(options_.height);
    const std::string have = format("#{pane_width}x#{pane_height}");
    if (have != want) start_error_ = "the pane is " + have + ", not " + want;
  }

  void stop() {
    if (!started_) return;
    const std::optional<pid_t> parent = pipetop_pid_;
    if (parent) workers();
    tmux({"kill-server"});
    if (!socket_path_.empty()) unlink(socket_path_.c_str());  // tmux leaves it behind
    // The pane's hang-up stops pipetop, and its workers with it; whatever is still there after a
    // while is killed, by pid, so that no test leaves a process behind.
    std::vector<pid_t> ours(seen_.begin(), seen_.end());
    if (parent) ours.push_back(*parent);
    const auto start = std::chrono::steady_clock::now();
    while (std::any_of(ours.begin(), ours.end(), is_running) && std::chrono::steady_clock::now() - start < 3s) {
      std::this_thread::sleep_for(20ms);
    }
    for (const pid_t pid : ours) {
      const std::optional<ProcStat> stat = read_stat(pid);
      if (stat && stat->comm == "pipetop" && is_running(pid)) kill(pid, SIGKILL);
    }
  }

  SessionOptions options_;
  std::string socket_;
  std::string socket_path_;
  std::string command_;
  std::string start_error_;
  bool started_ = false;
  std::optional<pid_t> pipetop_pid_;
  std::set<pid_t> seen_;
};

}  // namespace pipetop::tmux_testing

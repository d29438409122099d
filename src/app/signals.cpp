#include "pipetop/app/signals.hpp"

#include <poll.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <initializer_list>
#include <utility>

namespace pipetop {
namespace {

sigset_t signal_set(std::initializer_list<int> signals) {
  sigset_t set;
  sigemptyset(&set);
  for (const int sig : signals) sigaddset(&set, sig);
  return set;
}

sigset_t watched() {
  return signal_set({SIGINT, SIGTERM, SIGHUP, SIGQUIT});
}

sigset_t summary_request() {
  return signal_set({SIGUSR1});
}

void mask(int how, const sigset_t& set) noexcept {
  pthread_sigmask(how, &set, nullptr);
}

}  // namespace

void block_termination_signals() noexcept {
  mask(SIG_BLOCK, watched());
}

void unblock_termination_signals() noexcept {
  mask(SIG_UNBLOCK, watched());
}

void ignore_broken_pipe_signal() noexcept {
  signal(SIGPIPE, SIG_IGN);
}

void block_summary_request() noexcept {
  mask(SIG_BLOCK, summary_request());
}

void unblock_summary_request() noexcept {
  mask(SIG_UNBLOCK, summary_request());
}

Result<SignalWatch> SignalWatch::install() {
  block_termination_signals();
  return open_watch(watched());
}

Result<SignalWatch> SignalWatch::install_summary_request() {
  block_summary_request();
  return open_watch(summary_request());
}

Result<SignalWatch> SignalWatch::open_watch(const sigset_t& set) {
  const int fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
  if (fd < 0) return std::unexpected(runtime_error("signalfd(): " + errno_text(errno)));
  return SignalWatch(fd);
}

SignalWatch::SignalWatch(SignalWatch&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

SignalWatch::~SignalWatch() {
  if (fd_ >= 0) close(fd_);
}

std::optional<int> SignalWatch::wait(int timeout_ms) const {
  pollfd p{fd_, POLLIN, 0};
  if (poll(&p, 1, timeout_ms) <= 0) return std::nullopt;
  return take();
}

std::optional<int> SignalWatch::take() const {
  signalfd_siginfo info{};
  if (read(fd_, &info, sizeof info) != static_cast<ssize_t>(sizeof info)) return std::nullopt;
  return static_cast<int>(info.ssi_signo);
}

}  // namespace pipetop

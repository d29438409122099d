#include "pipetop/app/signals.hpp"

#include <poll.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <utility>

namespace pipetop {
namespace {

sigset_t watched() {
  sigset_t set;
  sigemptyset(&set);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&set, sig);
  return set;
}

}  // namespace

void block_termination_signals() noexcept {
  const sigset_t set = watched();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

void unblock_termination_signals() noexcept {
  const sigset_t set = watched();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

Result<SignalWatch> SignalWatch::install() {
  block_termination_signals();
  const sigset_t set = watched();
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

#include "pipetop/system/output_stream.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <string>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {
namespace {

constexpr int kFlushTickMs = 10;

// Writes all of `text`; returns 0, or the errno of the write that failed.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n >= 0) {
      text.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    const int err = errno;
    if (err == EINTR) continue;
    if (err != EAGAIN) return err;
    pollfd p{fd, POLLOUT, 0};
    poll(&p, 1, -1);
  }
  return 0;
}

}  // namespace

struct OutputStream::State {
  int fd = -1;
  std::size_t droppable_limit_bytes = 0;
  mutable std::mutex mutex;
  std::condition_variable queued;   // text was queued, or the stream is stopping
  std::string pending;              // queued, not yet taken by the thread
  std::size_t in_flight_bytes = 0;  // taken by the thread, being written
  bool stopping = false;
  int error = 0;
  std::uint64_t dropped = 0;
};

OutputStream::OutputStream(int fd, std::size_t droppable_limit_bytes) : state_(std::make_shared<State>()) {
  state_->fd = fd;
  state_->droppable_limit_bytes = droppable_limit_bytes;
}

OutputStream::~OutputStream() {
  bool writing = false;
  {
    const std::lock_guard lock(state_->mutex);
    state_->stopping = true;
    writing = state_->in_flight_bytes > 0;
  }
  state_->queued.notify_all();
  if (!thread_.joinable()) return;
  if (writing) {
    thread_.detach();  // blocked in write(): it holds its own reference to the state
  } else {
    thread_.join();
  }
}

void OutputStream::drain(const std::shared_ptr<State>& state) {
  for (;;) {
    std::string chunk;
    {
      std::unique_lock lock(state->mutex);
      state->queued.wait(lock, [&] { return state->stopping || !state->pending.empty(); });
      if (state->stopping) return;
      chunk.swap(state->pending);
      state->in_flight_bytes = chunk.size();
    }
    const int err = write_all(state->fd, chunk);
    const std::lock_guard lock(state->mutex);
    state->in_flight_bytes = 0;
    if (err != 0 && state->error == 0) state->error = err;
    if (state->error != 0) state->pending.clear();
  }
}

void OutputStream::write(std::string_view text) {
  if (text.empty()) return;
  {
    const std::lock_guard lock(state_->mutex);
    if (state_->error != 0) return;
    state_->pending.append(text);
  }
  if (!thread_.joinable()) thread_ = std::thread(drain, state_);
  state_->queued.notify_one();
}

void OutputStream::write_droppable(std::string_view text) {
  if (text.empty()) return;
  {
    const std::lock_guard lock(state_->mutex);
    if (state_->pending.size() + state_->in_flight_bytes > state_->droppable_limit_bytes) {
      ++state_->dropped;
      return;
    }
  }
  write(text);
}

std::uint64_t OutputStream::dropped() const {
  const std::lock_guard lock(state_->mutex);
  return state_->dropped;
}

int OutputStream::error() const {
  const std::lock_guard lock(state_->mutex);
  return state_->error;
}

std::size_t OutputStream::unwritten_bytes() const {
  const std::lock_guard lock(state_->mutex);
  return state_->pending.size() + state_->in_flight_bytes;
}

OutputStream::Flushed OutputStream::flush(std::int64_t timeout_ns, int wake_fd) {
  const std::int64_t deadline = monotonic_ns() + timeout_ns;
  for (;;) {
    if (error() != 0) return Flushed::failed;
    if (unwritten_bytes() == 0) return Flushed::written;
    const std::int64_t left_ns = deadline - monotonic_ns();
    if (left_ns <= 0) return Flushed::timed_out;
    // The thread's progress is polled, a tick at a time; only the wake fd is waited on.
    pollfd p{wake_fd, POLLIN, 0};
    const auto tick_ms = static_cast<int>(std::min<std::int64_t>(kFlushTickMs, left_ns / kNsPerMs + 1));
    if (poll(&p, 1, tick_ms) > 0 && (p.revents & POLLIN) != 0) return Flushed::interrupted;
  }
}

}  // namespace pipetop

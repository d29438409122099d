#pragma once
// --pass on its read(2) path: what the reader read goes on to stdout whole, whatever the consumer
// does — partial writes, EINTR, a non-blocking stdout (EAGAIN) — and a consumer that went away
// (EPIPE) is a clean end. The calls are a template parameter so tests script them through a fake.

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <span>

#include "pipetop/system/sampler.hpp"
#include "pipetop/system/worker_context.hpp"

namespace pipetop {

// The calls forward_all makes: write(2), and a wait until `fd` takes more (poll(2) for POLLOUT).
struct KernelForwardCalls {
  ssize_t write(int fd, const void* data, std::size_t length) { return ::write(fd, data, length); }
  void wait_writable(int fd) {
    pollfd p{fd, POLLOUT, 0};
    while (poll(&p, 1, -1) < 0 && errno == EINTR) {
    }
  }
};

enum class Forwarded { all, consumer_gone };

// Writes all of `bytes` to `fd`. Every call is counted in `counts.syscalls`, every EAGAIN in
// `counts.eagain`. Returns consumer_gone on EPIPE (SIGPIPE is ignored in workers); any other errno is
// a runtime error naming write, the fd and the size.
template <class Calls>
[[nodiscard]] Result<Forwarded> forward_all(Calls& calls, int fd, std::span<const std::byte> bytes,
                                            TransferCounts& counts) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = calls.write(fd, bytes.data() + done, bytes.size() - done);
    ++counts.syscalls;
    if (n >= 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    const int err = errno;
    if (err == EINTR) continue;
    if (err == EAGAIN) {
      ++counts.eagain;
      calls.wait_writable(fd);
      continue;
    }
    if (err == EPIPE) return Forwarded::consumer_gone;
    return std::unexpected(syscall_error("write", fd, bytes.size() - done, err));
  }
  return Forwarded::all;
}

}  // namespace pipetop

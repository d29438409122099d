#pragma once
// MSG_ZEROCOPY on the writer's TCP socket: send(2) pins the buffer's pages instead of copying them, and
// the kernel posts a completion on the socket's error queue once it no longer needs them, saying
// whether it copied after all (SO_EE_CODE_ZEROCOPY_COPIED: always over loopback, where the receiver is
// local). The writer reads the completions so they do not exhaust the socket's option memory, and
// waits for all of them before it rewrites a buffer the kernel may still read (--verify).

#include <cstdint>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

struct ZeroCopyCounts {
  std::uint64_t sends = 0;      // send(MSG_ZEROCOPY) calls that moved bytes
  std::uint64_t completed = 0;  // of them, the kernel reported done
  std::uint64_t copied = 0;     // of those, done by copying after all
};

class ZeroCopySends {
 public:
  // Sets SO_ZEROCOPY on `fd`. On failure returns an environment error naming setsockopt (kernels
  // before 4.14, or a socket that cannot).
  [[nodiscard]] static Result<ZeroCopySends> enable(int fd);

  // After each send(MSG_ZEROCOPY) that moved bytes.
  void sent() noexcept { ++counts_.sends; }
  // Reads the completions waiting on the error queue without blocking; with `all`, waits (poll) until
  // every send so far has completed. A runtime error names recvmsg or poll.
  [[nodiscard]] Result<void> reap(bool all);
  [[nodiscard]] const ZeroCopyCounts& counts() const { return counts_; }

 private:
  explicit ZeroCopySends(int fd) : fd_(fd) {}
  [[nodiscard]] Result<bool> read_one();
  int fd_;
  ZeroCopyCounts counts_;
};

}  // namespace pipetop

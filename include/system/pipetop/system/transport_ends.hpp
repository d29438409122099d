#pragma once
// The two ends of a transport (transports.hpp), owned by RAII: a pipe, a FIFO, an AF_UNIX socket pair or
// a loopback TCP connection. The writer holds write_fd, the reader read_fd; sockets are two-way, but
// here each side only ever sends or only ever receives, as over a pipe.

#include <cstdint>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {

class TransportEnds {
 public:
  // Opens both ends of `kind` (O_CLOEXEC). On failure returns a runtime error naming the call that
  // failed (pipe2, mkdtemp, mkfifo, open, socketpair, socket, bind, listen, connect, accept4) with
  // errno, and leaves nothing behind: no fd, no FIFO, no directory.
  [[nodiscard]] static Result<TransportEnds> open(TransportKind kind);

  TransportEnds(TransportEnds&& other) noexcept;
  TransportEnds& operator=(TransportEnds&& other) noexcept;
  TransportEnds(const TransportEnds&) = delete;
  TransportEnds& operator=(const TransportEnds&) = delete;
  ~TransportEnds();

  [[nodiscard]] int read_fd() const { return fds_[0]; }
  [[nodiscard]] int write_fd() const { return fds_[1]; }
  void close_read();
  void close_write();

  // What --pipe-size sizes: a pipe (or FIFO) with F_SETPIPE_SZ as set_pipe_size does; a socket's
  // SO_SNDBUF on the writer's end and SO_RCVBUF on the reader's. Returns what the kernel gave (the pipe's
  // size; the writer's SO_SNDBUF, which the kernel doubles and caps at net.core.wmem_max). Errors as
  // set_pipe_size's, or a runtime error naming setsockopt.
  [[nodiscard]] Result<std::uint64_t> set_size(std::uint64_t bytes, std::uint64_t pipe_max_bytes);
  // The same size as it is now (F_GETPIPE_SZ, or SO_SNDBUF); a runtime error naming the call.
  [[nodiscard]] Result<std::uint64_t> size() const;

 private:
  TransportEnds(TransportKind kind, int read_fd, int write_fd) : kind_(kind), fds_{read_fd, write_fd} {}
  TransportKind kind_ = TransportKind::pipe;
  int fds_[2] = {-1, -1};
};

}  // namespace pipetop

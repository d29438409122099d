#pragma once
// A pipe owned by RAII, and its size.

#include <cstdint>

#include "pipetop/core/error.hpp"

namespace pipetop {

// F_SETPIPE_SZ on `fd` (either end of any pipe, stdin included), then F_GETPIPE_SZ: returns the size the
// kernel actually gave. EPERM (above pipe-max-size without CAP_SYS_RESOURCE) is an environment error
// showing the limit; others are runtime errors naming the call.
[[nodiscard]] Result<std::uint64_t> set_pipe_size(int fd, std::uint64_t bytes, std::uint64_t pipe_max_bytes);
// F_GETPIPE_SZ of `fd`; a runtime error naming the call when it fails (not a pipe).
[[nodiscard]] Result<std::uint64_t> pipe_size(int fd);

class Pipe {
 public:
  // A new pipe (O_CLOEXEC). On failure returns a runtime error naming pipe2 and errno (EMFILE...).
  [[nodiscard]] static Result<Pipe> create();

  Pipe(Pipe&& other) noexcept;
  Pipe& operator=(Pipe&& other) noexcept;
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe();

  [[nodiscard]] int read_fd() const { return fds_[0]; }
  [[nodiscard]] int write_fd() const { return fds_[1]; }
  void close_read();
  void close_write();

  // set_pipe_size and pipe_size of this pipe.
  [[nodiscard]] Result<std::uint64_t> set_size(std::uint64_t bytes, std::uint64_t pipe_max_bytes);
  [[nodiscard]] Result<std::uint64_t> size() const;

 private:
  Pipe(int read_fd, int write_fd) : fds_{read_fd, write_fd} {}
  int fds_[2] = {-1, -1};
};

}  // namespace pipetop

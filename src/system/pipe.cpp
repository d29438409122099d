#include "pipetop/system/pipe.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "pipetop/core/size.hpp"

namespace pipetop {

Result<Pipe> Pipe::create() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return std::unexpected(runtime_error("pipe2(): " + errno_text(errno)));
  return Pipe(fds[0], fds[1]);
}

Pipe::Pipe(Pipe&& other) noexcept : fds_{std::exchange(other.fds_[0], -1), std::exchange(other.fds_[1], -1)} {}

Pipe& Pipe::operator=(Pipe&& other) noexcept {
  if (this != &other) {
    close_read();
    close_write();
    fds_[0] = std::exchange(other.fds_[0], -1);
    fds_[1] = std::exchange(other.fds_[1], -1);
  }
  return *this;
}

Pipe::~Pipe() {
  close_read();
  close_write();
}

void Pipe::close_read() {
  if (fds_[0] >= 0) close(std::exchange(fds_[0], -1));
}

void Pipe::close_write() {
  if (fds_[1] >= 0) close(std::exchange(fds_[1], -1));
}

Result<std::uint64_t> set_pipe_size(int fd, std::uint64_t bytes, std::uint64_t pipe_max_bytes) {
  if (fcntl(fd, F_SETPIPE_SZ, static_cast<int>(bytes)) < 0) {
    const int err = errno;
    const std::string call = "fcntl(F_SETPIPE_SZ, " + format_size(bytes) + "): " + errno_text(err);
    if (err == EPERM) {
      return std::unexpected(
          environment_error(call + ": above /proc/sys/fs/pipe-max-size (" + format_size(pipe_max_bytes) + ")",
                            "use at most " + format_size(pipe_max_bytes) + " or raise fs.pipe-max-size as root"));
    }
    return std::unexpected(runtime_error(call));
  }
  return pipe_size(fd);
}

Result<std::uint64_t> pipe_size(int fd) {
  const int bytes = fcntl(fd, F_GETPIPE_SZ);
  if (bytes < 0) return std::unexpected(runtime_error("fcntl(F_GETPIPE_SZ): " + errno_text(errno)));
  return static_cast<std::uint64_t>(bytes);
}

Result<std::uint64_t> Pipe::set_size(std::uint64_t bytes, std::uint64_t pipe_max_bytes) {
  return set_pipe_size(fds_[1], bytes, pipe_max_bytes);
}

Result<std::uint64_t> Pipe::size() const {
  return pipe_size(fds_[1] >= 0 ? fds_[1] : fds_[0]);
}

}  // namespace pipetop

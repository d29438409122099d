#include "pipetop/system/pipe.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "pipetop/core/base/size.hpp"
#include "transport_openers.hpp"

namespace pipetop {

Result<EndFds> open_pipe_ends() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return std::unexpected(runtime_error("pipe2(): " + errno_text(errno)));
  return EndFds{fds[0], fds[1]};
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

}  // namespace pipetop

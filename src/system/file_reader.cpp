#include "pipetop/system/file_reader.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>

namespace pipetop {

Result<std::string> read_text_file(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::unexpected(runtime_error("open(" + path + "): " + errno_text(errno)));
  std::string text;
  std::array<char, 16384> chunk{};
  for (;;) {
    const ssize_t n = read(fd, chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      close(fd);
      return std::unexpected(runtime_error("read(" + path + "): " + errno_text(err)));
    }
    if (n == 0) break;
    text.append(chunk.data(), static_cast<std::size_t>(n));
  }
  close(fd);
  return text;
}

}  // namespace pipetop

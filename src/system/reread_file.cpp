#include "pipetop/system/reread_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <utility>

namespace pipetop {

Result<RereadFile> RereadFile::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::unexpected(runtime_error("open(" + path + "): " + errno_text(errno)));
  return RereadFile(fd, path);
}

RereadFile::RereadFile(RereadFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

RereadFile& RereadFile::operator=(RereadFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

RereadFile::~RereadFile() {
  if (fd_ >= 0) close(fd_);
}

Result<std::string> RereadFile::read() const {
  std::string text;
  std::array<char, 4096> chunk{};
  for (;;) {
    const ssize_t n = pread(fd_, chunk.data(), chunk.size(), static_cast<off_t>(text.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::unexpected(runtime_error("read(" + path_ + "): " + errno_text(errno)));
    text.append(chunk.data(), static_cast<std::size_t>(n));
    // A seq file fills the buffer up to its end, so a shorter read is the whole file: one call a
    // reading, not a second one to meet the end.
    if (static_cast<std::size_t>(n) < chunk.size()) return text;
  }
}

}  // namespace pipetop

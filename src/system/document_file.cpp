#include "pipetop/system/document_file.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

namespace pipetop {
namespace {

constexpr int kQuietPollMs = 100;  // how often a quiet pipe asks `stop`

class OpenFile {
 public:
  explicit OpenFile(int fd) : fd_(fd) {}
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  ~OpenFile() {
    if (fd_ >= 0) close(fd_);
  }
  [[nodiscard]] int fd() const { return fd_; }

 private:
  int fd_;
};

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

Error too_large(const std::string& path, std::uint64_t max_bytes) {
  return usage_error(path + " is larger than " + format_size(max_bytes) + ", the most pipetop reads",
                     "name the file pipetop wrote (a recording, run or check --format json)");
}

}  // namespace

Result<std::string> read_document_file(const std::string& path, const StopAsked& stop, std::uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO that no one writes to returns at once instead of waiting for a writer.
  const OpenFile file(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (file.fd() < 0) return std::unexpected(usage_error("cannot read " + path + ": " + errno_text(errno)));
  struct stat st {};
  if (fstat(file.fd(), &st) != 0) return std::unexpected(usage_error("fstat(" + path + "): " + errno_text(errno)));
  const bool pipe = S_ISFIFO(st.st_mode);
  if (!pipe && !S_ISREG(st.st_mode)) {
    return std::unexpected(usage_error(path + " is " + kind_of(st.st_mode) + ", not a file pipetop can read",
                                       "name a regular file or a pipe"));
  }
  if (!pipe && static_cast<std::uint64_t>(st.st_size) > max_bytes) return std::unexpected(too_large(path, max_bytes));
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 20);
  for (;;) {
    if (stop && stop()) return std::unexpected(runtime_error("reading " + path + " stopped"));
    const ssize_t n = read(file.fd(), chunk.data(), chunk.size());
    if (n == 0) break;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {  // a pipe with a writer and nothing in it yet
      pollfd in{file.fd(), POLLIN, 0};
      (void)poll(&in, 1, kQuietPollMs);
      continue;
    }
    if (n < 0) return std::unexpected(usage_error("read(" + path + "): " + errno_text(errno)));
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) return std::unexpected(too_large(path, max_bytes));
    text.append(chunk.data(), static_cast<std::size_t>(n));
  }
  if (text.empty() && pipe) {
    return std::unexpected(usage_error(path + " is a pipe that gave nothing (no writer?)",
                                       "start the program that writes to it first, or name a file"));
  }
  return text;
}

}  // namespace pipetop

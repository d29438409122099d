#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "transport_openers.hpp"

namespace pipetop {
namespace {

// The private directory and the FIFO in it, removed on every path out.
struct FifoPath {
  std::string dir;
  std::string fifo;
  ~FifoPath() {
    if (!fifo.empty()) unlink(fifo.c_str());
    if (!dir.empty()) rmdir(dir.c_str());
  }
};

}  // namespace

Result<EndFds> open_fifo_ends() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/pipetop-fifo-XXXXXX";
  FifoPath path;
  if (mkdtemp(pattern.data()) == nullptr) {
    return std::unexpected(runtime_error("mkdtemp(" + pattern + "): " + errno_text(errno),
                                         "set TMPDIR to a directory this user may write"));
  }
  path.dir = pattern;
  const std::string fifo = path.dir + "/pipe";
  if (mkfifo(fifo.c_str(), 0600) != 0) {
    return std::unexpected(runtime_error("mkfifo(" + fifo + "): " + errno_text(errno)));
  }
  path.fifo = fifo;
  const int read_fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (read_fd < 0) return std::unexpected(runtime_error("open(" + fifo + ", O_RDONLY): " + errno_text(errno)));
  const int write_fd = ::open(fifo.c_str(), O_WRONLY | O_CLOEXEC);
  const int flags = fcntl(read_fd, F_GETFL);  // the reader's end blocks as a pipe's does
  if (write_fd < 0 || flags < 0 || fcntl(read_fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    const std::string call = write_fd < 0 ? "open(" + fifo + ", O_WRONLY)" : "fcntl(F_SETFL, blocking)";
    const int err = errno;
    close(read_fd);
    if (write_fd >= 0) close(write_fd);
    return std::unexpected(runtime_error(call + ": " + errno_text(err)));
  }
  return EndFds{read_fd, write_fd};
}

}  // namespace pipetop

#include "pipetop/system/stream_kind.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pipetop {

FdKind stream_kind(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0) return FdKind::closed;
  if (S_ISFIFO(st.st_mode)) return FdKind::pipe;
  if (S_ISREG(st.st_mode)) return FdKind::regular_file;
  if (isatty(fd) != 0) return FdKind::terminal;
  return FdKind::other;
}

bool splice_takes(int fd) {
  const FdKind kind = stream_kind(fd);
  if (kind == FdKind::pipe) return true;
  const int flags = fcntl(fd, F_GETFL);
  return kind == FdKind::regular_file && flags >= 0 && (flags & O_APPEND) == 0;
}

std::optional<std::uint64_t> pipe_inode(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(st.st_ino);
}

}  // namespace pipetop

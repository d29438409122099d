#include "pipetop/system/new_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace pipetop {
namespace {

constexpr int kTemporaryNameTries = 100;
constexpr int kCreateFlags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
constexpr mode_t kFileMode = 0666;  // less the umask, as any new file

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Writes all of `text` to `fd` and closes it; returns 0 or the errno of the call that failed.
int write_and_close(int fd, std::string_view text) {
  int err = 0;
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      err = errno;
      break;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  if (close(fd) != 0 && err == 0) err = errno;
  return err;
}

Result<void> create(const std::string& path, std::string_view text) {
  const int fd = open(path.c_str(), kCreateFlags, kFileMode);
  if (fd < 0) return std::unexpected(runtime_error("open(" + path + ", O_EXCL|O_NOFOLLOW): " + errno_text(errno)));
  if (const int err = write_and_close(fd, text); err != 0) {
    unlink(path.c_str());
    return std::unexpected(runtime_error("write(" + path + "): " + errno_text(err)));
  }
  return {};
}

Result<void> replace(const std::string& path, std::string_view text) {
  const std::string stem = directory_of(path) + "/.pipetop-" + std::to_string(getpid()) + "-";
  std::string temporary;
  int fd = -1;
  for (int i = 0; i < kTemporaryNameTries && fd < 0; ++i) {
    temporary = stem + std::to_string(i);
    fd = open(temporary.c_str(), kCreateFlags, kFileMode);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return std::unexpected(runtime_error("open(" + temporary + ", O_EXCL): " + errno_text(errno)));
  if (const int err = write_and_close(fd, text); err != 0) {
    unlink(temporary.c_str());
    return std::unexpected(runtime_error("write(" + temporary + "): " + errno_text(err)));
  }
  if (rename(temporary.c_str(), path.c_str()) != 0) {
    const int err = errno;
    unlink(temporary.c_str());
    return std::unexpected(runtime_error("rename(" + temporary + ", " + path + "): " + errno_text(err)));
  }
  return {};
}

}  // namespace

Result<AtPath> check_creatable(const std::string& path) {
  const std::string directory = directory_of(path);
  struct stat st {};
  if (stat(directory.c_str(), &st) != 0) {
    return std::unexpected(
        environment_error("cannot write " + path + ": directory " + directory + ": " + errno_text(errno)));
  }
  if (!S_ISDIR(st.st_mode)) {
    return std::unexpected(environment_error("cannot write " + path + ": " + directory + " is not a directory"));
  }
  if (faccessat(AT_FDCWD, directory.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
    return std::unexpected(
        environment_error("cannot write " + path + ": directory " + directory + ": " + errno_text(errno)));
  }
  if (lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return AtPath::nothing;
    return std::unexpected(environment_error("cannot write " + path + ": " + errno_text(errno)));
  }
  return S_ISDIR(st.st_mode) ? AtPath::directory : AtPath::file;
}

Result<void> write_new_file(const std::string& path, std::string_view text, Overwrite overwrite) {
  return overwrite == Overwrite::replace ? replace(path, text) : create(path, text);
}

}  // namespace pipetop

#pragma once
// The seam every /proc and /sys read about the machine goes through: files under a root, "/" on a
// live machine (created once by the app and passed down), a fixture directory in tests (snapshots of
// a VM without PMU, a bare-metal box, a hybrid CPU, a cpuset of one CPU...).

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/system/reread_file.hpp"

namespace pipetop {

class SystemFiles {
 public:
  // `root`: "/" for this machine, or a directory laid out like it.
  explicit SystemFiles(std::string root);

  // The content of `path` (absolute, as on a live machine) under the root. Errors as read_text_file.
  [[nodiscard]] Result<std::string> read(const std::string& path) const;
  // `path` kept open, to be read again (a watcher's /proc files). Errors as RereadFile::open.
  [[nodiscard]] Result<RereadFile> open(const std::string& path) const;
  // The first line of `path`, trimmed; empty when unreadable.
  [[nodiscard]] std::string line(const std::string& path) const;
  // The whole number at the start of `path`'s first line; nullopt when unreadable or not a number.
  [[nodiscard]] std::optional<long> number(const std::string& path) const;
  // The bracketed choice of a kernel setting file ("always [madvise] never" -> "madvise"), or
  // "unknown".
  [[nodiscard]] std::string bracketed(const std::string& path) const;
  // Where symbolic link `path` points ("pipe:[4242]" for a /proc/PID/fd entry); empty when it is no
  // link or cannot be read (another user's process).
  [[nodiscard]] std::string link(const std::string& path) const;
  // Whether `path` exists (a process directory that is there, even when its fds cannot be read).
  [[nodiscard]] bool exists(const std::string& path) const;
  // Entry names of directory `path` (no . or ..), sorted; empty when unreadable.
  [[nodiscard]] std::vector<std::string> list(const std::string& path) const;
  // The same, telling an empty directory (a kernel thread's /proc/PID/fd) from one that cannot be
  // read (another user's): on failure an environment error naming the path and errno.
  [[nodiscard]] Result<std::vector<std::string>> entries(const std::string& path) const;

 private:
  std::string root_;  // without a trailing '/': "" for the live machine
};

}  // namespace pipetop

#pragma once
// A small kernel file kept open and read again from its start (pread at 0) each time: a watcher
// reading /proc/<pid>/stat four times a second pays one call a reading instead of open, read to
// the end and close. /proc's seq files restart at offset 0, so each reading is current.

#include <string>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

class RereadFile {
 public:
  // Opens `path`; on failure a runtime error "open(<path>): <errno text>", as read_text_file says it.
  [[nodiscard]] static Result<RereadFile> open(const std::string& path);

  RereadFile(RereadFile&& other) noexcept;
  RereadFile& operator=(RereadFile&& other) noexcept;
  RereadFile(const RereadFile&) = delete;
  RereadFile& operator=(const RereadFile&) = delete;
  ~RereadFile();

  // The whole content now. A /proc file of a process that has been reaped fails (ESRCH), and so on
  // every later reading: "read(<path>): <errno text>".
  [[nodiscard]] Result<std::string> read() const;

 private:
  RereadFile(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_ = -1;
  std::string path_;
};

}  // namespace pipetop

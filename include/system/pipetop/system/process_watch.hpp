#pragma once
// The parent's view of a worker (or any process) from /proc: where its time went (schedstat, stat,
// status), read each tick at no cost to the process itself.

#include <sys/types.h>

#include <optional>

#include "pipetop/core/figures/process_times.hpp"
#include "pipetop/system/reread_file.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// One process's times, read again and again: its three files stay open from the first reading that
// finds them, so that a reading costs three calls, not twelve (the dashboard reads both workers four
// times a second for hours).
class ProcessTimesReader {
 public:
  // `files` must outlive the reader.
  explicit ProcessTimesReader(const SystemFiles& files) : files_(files) {}

  // /proc/<pid>/schedstat, stat and status through `files`, stamped `now_ns`. nullopt once the
  // process is gone or a file cannot be read or parsed (a kernel without schedstats); the next call
  // opens the files again. A pid other than the last call's opens that process's files.
  [[nodiscard]] std::optional<ProcessTimes> read(pid_t pid, std::int64_t now_ns);

 private:
  struct Open {
    pid_t pid;
    RereadFile schedstat;
    RereadFile stat;
    RereadFile status;
  };
  const SystemFiles& files_;
  std::optional<Open> open_;
};

}  // namespace pipetop

#pragma once
// The parent's view of a worker (or any process) from /proc: where its time went (schedstat, stat,
// status), read each tick at no cost to the process itself.

#include <sys/types.h>

#include <optional>

#include "pipetop/core/figures/process_times.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// /proc/<pid>/schedstat, stat and status through `files`, stamped `now_ns`. nullopt once the process
// is gone or a file cannot be read or parsed (a kernel without schedstats).
[[nodiscard]] std::optional<ProcessTimes> read_process_times(const SystemFiles& files, pid_t pid, std::int64_t now_ns);

}  // namespace pipetop

#pragma once
// Another process's CPU time, from /proc/<pid>/stat (the dashboard's per-worker CPU use).

#include <optional>

#include "pipetop/core/figures/cpu_time.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// CPU time of process `pid` so far; nullopt once it is gone or its stat cannot be parsed.
[[nodiscard]] std::optional<CpuTime> read_process_cpu_time(const SystemFiles& files, int pid);

}  // namespace pipetop

#pragma once
// Parsing /proc/<pid>/stat for a process's CPU time (utime and stime, fields 14 and 15).

#include <optional>
#include <string_view>

#include "pipetop/core/figures/cpu_time.hpp"

namespace pipetop {

// CPU time from the text of /proc/<pid>/stat, `ticks_per_second` being sysconf(_SC_CLK_TCK). The
// command name may contain spaces and parentheses: fields are counted from the last ')'. nullopt on
// malformed text.
[[nodiscard]] std::optional<CpuTime> parse_proc_stat_cpu(std::string_view text, long ticks_per_second);

}  // namespace pipetop

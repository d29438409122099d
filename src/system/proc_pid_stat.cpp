#include "pipetop/system/proc_pid_stat.hpp"

#include <unistd.h>

#include <string>

#include "pipetop/core/machine/proc_stat.hpp"

namespace pipetop {

std::optional<CpuTime> read_process_cpu_time(const SystemFiles& files, int pid) {
  const Result<std::string> text = files.read("/proc/" + std::to_string(pid) + "/stat");
  if (!text) return std::nullopt;
  return parse_proc_stat_cpu(*text, sysconf(_SC_CLK_TCK));
}

}  // namespace pipetop

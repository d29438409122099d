#include "pipetop/system/process_watch.hpp"

#include <unistd.h>

#include <string>

#include "pipetop/core/machine/proc_stat.hpp"

namespace pipetop {

std::optional<ProcessTimes> read_process_times(const SystemFiles& files, pid_t pid, std::int64_t now_ns) {
  const std::string dir = "/proc/" + std::to_string(pid) + "/";
  const Result<std::string> schedstat = files.read(dir + "schedstat");
  const Result<std::string> stat = files.read(dir + "stat");
  const Result<std::string> status = files.read(dir + "status");
  if (!schedstat || !stat || !status) return std::nullopt;
  const std::optional<SchedStat> sched = parse_schedstat(*schedstat);
  const std::optional<CpuTime> cpu = parse_proc_stat_cpu(*stat, sysconf(_SC_CLK_TCK));
  const std::optional<SwitchCounts> switches = parse_status_switches(*status);
  if (!sched || !cpu || !switches) return std::nullopt;
  return ProcessTimes{now_ns, sched->run_ns, sched->wait_ns, *cpu, switches->voluntary, switches->involuntary};
}

}  // namespace pipetop

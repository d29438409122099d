#include "pipetop/system/process_watch.hpp"

#include <unistd.h>

#include <string>

#include "pipetop/core/machine/proc_stat.hpp"

namespace pipetop {

std::optional<ProcessTimes> ProcessTimesReader::read(pid_t pid, std::int64_t now_ns) {
  if (open_ && open_->pid != pid) open_.reset();
  if (!open_) {
    const std::string dir = "/proc/" + std::to_string(pid) + "/";
    Result<RereadFile> schedstat = files_.open(dir + "schedstat");
    Result<RereadFile> stat = files_.open(dir + "stat");
    Result<RereadFile> status = files_.open(dir + "status");
    if (!schedstat || !stat || !status) return std::nullopt;
    open_.emplace(Open{pid, std::move(*schedstat), std::move(*stat), std::move(*status)});
  }
  const Result<std::string> schedstat = open_->schedstat.read();
  const Result<std::string> stat = open_->stat.read();
  const Result<std::string> status = open_->status.read();
  const std::optional<SchedStat> sched = schedstat ? parse_schedstat(*schedstat) : std::nullopt;
  const std::optional<CpuTime> cpu = stat ? parse_proc_stat_cpu(*stat, sysconf(_SC_CLK_TCK)) : std::nullopt;
  const std::optional<SwitchCounts> switches = status ? parse_status_switches(*status) : std::nullopt;
  if (!sched || !cpu || !switches) {
    open_.reset();  // gone, or a pid the kernel may give to another process
    return std::nullopt;
  }
  return ProcessTimes{now_ns, sched->run_ns, sched->wait_ns, *cpu, switches->voluntary, switches->involuntary};
}

}  // namespace pipetop

#include "pipetop/system/machine_facts.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include "pipetop/core/capabilities.hpp"
#include "pipetop/core/proc_stat.hpp"
#include "pipetop/system/file_reader.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

MachineLimits read_machine_limits() {
  MachineLimits limits;
  limits.page_bytes = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  if (const std::optional<long> max = SystemFiles{}.number("/proc/sys/fs/pipe-max-size"); max && *max > 0) {
    limits.pipe_max_bytes = static_cast<std::uint64_t>(*max);
  }
  limits.may_exceed_pipe_max = has_capability(kCapSysResource);  // not root as such: containers drop it
  const Result<std::string> text = read_text_file("/sys/devices/system/cpu/online");
  Result<std::vector<int>> online = text ? parse_cpu_list(*text) : std::unexpected(text.error());
  if (online && !online->empty()) {
    limits.online_cpus = std::move(*online);
  } else {
    for (long cpu = 0; cpu < sysconf(_SC_NPROCESSORS_ONLN); ++cpu) limits.online_cpus.push_back(static_cast<int>(cpu));
  }
  return limits;
}

std::vector<CpuCore> read_cpu_topology(const std::vector<int>& online_cpus) {
  std::vector<CpuCore> cores;
  const SystemFiles files;
  for (const int cpu : online_cpus) {
    const std::string base = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
    cores.push_back({cpu, static_cast<int>(files.number(base + "physical_package_id").value_or(0)),
                     static_cast<int>(files.number(base + "core_id").value_or(cpu))});
  }
  return cores;
}

bool has_capability(int cap) {
  const Result<std::string> status = read_text_file("/proc/self/status");
  if (!status) return false;
  const std::optional<std::uint64_t> set = parse_cap_eff(*status);
  return set && has_cap(*set, cap);
}

bool perf_privileged() { return has_capability(kCapPerfmon) || has_capability(kCapSysAdmin); }

std::string machine_summary() {
  std::string summary;
  if (const Result<std::string> cpuinfo = read_text_file("/proc/cpuinfo")) {
    const std::size_t key = cpuinfo->find("model name");
    const std::size_t colon = cpuinfo->find(':', key);
    if (key != std::string::npos && colon != std::string::npos) {
      const std::size_t end = cpuinfo->find('\n', colon);
      summary = cpuinfo->substr(colon + 2, end - colon - 2);
    }
  }
  utsname names{};
  if (uname(&names) == 0) summary += (summary.empty() ? "" : " · ") + std::string("Linux ") + names.release;
  return summary;
}

std::optional<CpuTime> read_process_cpu_time(int pid) {
  const Result<std::string> text = read_text_file("/proc/" + std::to_string(pid) + "/stat");
  if (!text) return std::nullopt;
  return parse_proc_stat_cpu(*text, sysconf(_SC_CLK_TCK));
}

std::string read_thp_setting(const std::string& name) {
  return SystemFiles{}.bracketed("/sys/kernel/mm/transparent_hugepage/" + name);
}

}  // namespace pipetop

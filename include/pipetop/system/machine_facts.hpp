#pragma once
// Facts about this machine that decide what a run may ask for.

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/cpu_time.hpp"
#include "pipetop/core/error.hpp"
#include "pipetop/core/validate.hpp"

namespace pipetop {

// Page size, /proc/sys/fs/pipe-max-size, privilege and online CPUs. Never fails: a file that cannot be
// read leaves the MachineLimits default for that field (1 MiB pipe limit, CPUs 0..nproc-1).
[[nodiscard]] MachineLimits read_machine_limits();

// Online CPUs with their physical package and core, for default pinning. CPUs whose topology cannot be
// read count as separate cores.
[[nodiscard]] std::vector<CpuCore> read_cpu_topology(const std::vector<int>& online_cpus);

// Whether this process holds capability `cap` (kCapSysResource...), from /proc/self/status; false
// when it cannot be read.
[[nodiscard]] bool has_capability(int cap);

// CAP_PERFMON or CAP_SYS_ADMIN: perf events whatever perf_event_paranoid says.
[[nodiscard]] bool perf_privileged();

// "AMD EPYC · Linux 6.18.44": the CPU model from /proc/cpuinfo and the kernel release. Never fails:
// what cannot be read is left out.
[[nodiscard]] std::string machine_summary();

// CPU time of process `pid` so far, from /proc/<pid>/stat; nullopt once it is gone.
[[nodiscard]] std::optional<CpuTime> read_process_cpu_time(int pid);

// The bracketed choice of /sys/kernel/mm/transparent_hugepage/<name> ("madvise"), or "unknown".
[[nodiscard]] std::string read_thp_setting(const std::string& name);

}  // namespace pipetop

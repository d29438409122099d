#pragma once
// The parts of read_machine_facts(), one per group of files; each fills its fields of MachineFacts and
// never fails (what cannot be read stays unknown).

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Online CPUs, each one's package, core and NUMA node, the CPUs this process may use (affinity and
// cgroup cpuset), SMT, and CPU 0's caches.
void read_cpu_facts(const SystemFiles& files, MachineFacts& facts);

// The base page size, THP and khugepaged, hugetlb pools and mounts, DAMON reclaim.
void read_memory_facts(const SystemFiles& files, MachineFacts& facts);

// perf_event_paranoid, kptr_restrict, the sampling limits, the event sources, CPU PMUs and hybrid PMUs.
void read_perf_facts(const SystemFiles& files, MachineFacts& facts);

// A kernel CPU list file ("0-3,8"); nullopt when unreadable or malformed.
[[nodiscard]] std::optional<std::vector<int>> read_cpu_list(const SystemFiles& files, const std::string& path);

}  // namespace pipetop

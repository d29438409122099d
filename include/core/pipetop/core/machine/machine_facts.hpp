#pragma once
// What a machine is, as far as pipes care, and what each fact means for them. Filled by
// read_machine_facts() (system/machine_reader.hpp) from /proc and /sys, and by probe_machine().

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/machine/cpu_topology.hpp"
#include "pipetop/core/machine/cpu_vulnerabilities.hpp"
#include "pipetop/core/machine/memory_bandwidth.hpp"
#include "pipetop/core/machine/memory_facts.hpp"
#include "pipetop/core/machine/pmu_facts.hpp"
#include "pipetop/core/machine/pressure.hpp"

namespace pipetop {

struct MachineFacts {
  // CPUs
  std::string cpu_model;
  int logical_cpus = 0;  // online
  int physical_cores = 0;
  int threads_per_core = 1;
  int numa_nodes = 1;
  std::vector<CpuPlace> topology;  // each online CPU's place
  AllowedCpus allowed;             // the CPUs this process may use
  SmtState smt;
  CacheSizes caches;
  std::optional<std::uint64_t> page_bytes;  // the base page size
  // kernel
  std::string kernel;
  std::string virtualisation;                  // "none", "kvm", "vmware"... or "" when unknown
  std::vector<Vulnerability> vulnerabilities;  // sorted by name
  std::optional<Pressure> cpu_pressure;        // nullopt: PSI not exposed
  std::optional<Pressure> memory_pressure;
  // memory
  std::string thp_enabled;  // "always", "madvise", "never", or "unknown"
  std::string thp_defrag;
  Khugepaged khugepaged;
  std::vector<HugetlbPool> hugetlb_pools;  // by page size
  std::vector<std::string> hugetlbfs_mounts;
  std::optional<DamonReclaim> damon_reclaim;  // nullopt: the module is not there
  // pipes and counters
  std::optional<long> pipe_max_bytes;
  std::optional<int> perf_paranoid;
  std::optional<int> kptr_restrict;             // whether /proc/kallsyms shows kernel addresses
  std::optional<long> perf_max_sample_rate_hz;  // perf_event_max_sample_rate
  std::optional<int> perf_max_stack;            // perf_event_max_stack: call-chain frames
  bool privileged = false;                      // perf: CAP_PERFMON or CAP_SYS_ADMIN
  bool syslog_privileged = false;               // CAP_SYSLOG: kernel addresses under kptr_restrict 1
  bool pipe_privileged = false;                 // CAP_SYS_RESOURCE: pipes above pipe-max-size
  bool event_sources_listed = false;            // /sys/bus/event_source/devices could be read
  bool hardware_pmu = false;
  std::vector<std::string> pmus;       // CPU PMUs under /sys/bus/event_source/devices
  std::vector<HybridPmu> hybrid_pmus;  // on hybrid CPUs: which PMU counts for which CPUs
  std::string governor;                // cpufreq scaling_governor of CPU 0, "" when not exposed
  // what only trying tells (probe_machine)
  std::vector<CounterInfo> counters;  // the default counters, each as it opened here (or why not)
  std::optional<bool> vmsplice_works;
  std::optional<bool> splice_works;
  std::optional<MemoryBandwidth> bandwidth;  // check's memcpy, read and write loops; nullopt: not measured
};

struct Fact {
  std::string name;
  std::string value;
  std::string meaning;  // what it means for pipes
};

// The facts in reading order, each with what it means for pipes.
[[nodiscard]] std::vector<Fact> describe_machine(const MachineFacts& facts);

// "AMD EPYC · Linux 6.18.44": the CPU model and the kernel, whichever are known.
[[nodiscard]] std::string machine_summary(const MachineFacts& facts);

}  // namespace pipetop

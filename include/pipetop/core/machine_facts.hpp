#pragma once
// What a machine is, as far as pipes care, and what each fact means for them.

#include <optional>
#include <string>
#include <vector>

namespace pipetop {

struct MachineFacts {
  std::string cpu_model;
  int logical_cpus = 0;
  int physical_cores = 0;
  int threads_per_core = 1;
  int numa_nodes = 1;
  std::string kernel;
  std::string virtualisation;  // "none", "kvm", "vmware"... or "" when unknown
  std::string thp_enabled;     // "always", "madvise", "never", or "unknown"
  std::string thp_defrag;
  std::optional<long> hugetlb_2m;  // pages reserved
  std::optional<long> hugetlb_1g;
  std::optional<long> pipe_max_bytes;
  std::optional<int> perf_paranoid;
  bool privileged = false;       // perf: CAP_PERFMON or CAP_SYS_ADMIN
  bool pipe_privileged = false;  // CAP_SYS_RESOURCE: pipes above pipe-max-size
  bool hardware_pmu = false;
  std::vector<std::string> pmus;  // CPU PMUs under /sys/bus/event_source/devices
  std::string governor;           // cpufreq scaling_governor of CPU 0, "" when not exposed
  std::vector<std::string> counters_usable;    // default counters that opened here
  std::vector<std::string> counters_unusable;  // "cycles: no hardware PMU ..." (name: reason)
  std::optional<bool> vmsplice_works;
  std::optional<bool> splice_works;
};

struct Fact {
  std::string name;
  std::string value;
  std::string meaning;  // what it means for pipes
};

// The facts in reading order, each with what it means for pipes.
[[nodiscard]] std::vector<Fact> describe_machine(const MachineFacts& facts);

}  // namespace pipetop

#pragma once
// Where each CPU sits (package, physical core, NUMA node) and which CPUs this process may use: what
// default pinning and the placement of pairs are decided from.

#include <optional>
#include <string>
#include <vector>

namespace pipetop {

struct CpuPlace {
  int cpu = 0;
  int package = 0;  // physical_package_id
  int core = 0;     // core_id within the package: SMT siblings share (package, core)
  int node = 0;     // NUMA node
  friend bool operator==(const CpuPlace&, const CpuPlace&) = default;
};

// The CPUs this process may run on: online ∩ its affinity ∩ its cgroup's cpuset.
struct AllowedCpus {
  std::vector<int> online;                   // sorted; empty only when nothing could be read
  std::optional<std::vector<int>> affinity;  // sched_getaffinity's mask; nullopt when unreadable
  std::optional<std::vector<int>> cpuset;    // the cgroup's effective cpuset; nullopt when none was found
  std::vector<int> cpus;                     // sorted; empty only when nothing could be read
  std::vector<std::string> narrowed_by;      // "cpuset", then "affinity": what left online CPUs out
};

// Intersects what is known. An unknown (empty) online list is taken from the affinity, else the
// cpuset. A source narrows when it leaves out CPUs the ones before it (online, then the cpuset) allow.
[[nodiscard]] AllowedCpus intersect_allowed_cpus(std::vector<int> online, std::optional<std::vector<int>> affinity,
                                                 std::optional<std::vector<int>> cpuset);

// "cpuset", "affinity", "cpuset and affinity", or "" when every online CPU is allowed.
[[nodiscard]] std::string narrowed_by_text(const AllowedCpus& allowed);

// The places of `cpus`, in their order. A CPU whose place `topology` does not know counts as a core
// of its own on node 0.
[[nodiscard]] std::vector<CpuPlace> places_of(const std::vector<CpuPlace>& topology, const std::vector<int>& cpus);

struct TopologyCounts {
  int cpus = 0;
  int cores = 0;             // distinct (package, core)
  int threads_per_core = 1;  // the most on any core: hybrid CPUs mix SMT P-cores and single-thread E-cores
  int nodes = 0;             // distinct NUMA nodes among `places`
};

[[nodiscard]] TopologyCounts count_topology(const std::vector<CpuPlace>& places);

// SMT as /sys/devices/system/cpu/smt says: control "on", "off", "forceoff", "notsupported",
// "notimplemented", or "" when not exposed; active: whether siblings run now.
struct SmtState {
  std::string control;
  std::optional<bool> active;
};

}  // namespace pipetop

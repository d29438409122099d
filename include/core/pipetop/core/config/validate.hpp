#pragma once
// validate(): the one place that owns every rule about a RunConfig. The CLI and the dashboard's keys
// both go through it, so a combination is refused with the same words wherever it comes from.

#include <cstdint>
#include <string>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/counters/counter.hpp"
#include "pipetop/core/machine/memory_facts.hpp"

namespace pipetop {

// What the rules need to know about the machine (filled in by the system layer).
struct MachineLimits {
  std::uint64_t page_bytes = 4096;
  std::uint64_t pipe_max_bytes = 1024 * 1024;  // /proc/sys/fs/pipe-max-size
  bool may_exceed_pipe_max = false;            // CAP_SYS_RESOURCE (root)
  std::vector<int> online_cpus;                // sorted
  std::vector<int> allowed_cpus;               // sorted, those of online_cpus this process may use; empty: not known
  std::string allowed_by;                      // what narrowed them: "cpuset", "affinity", ... or ""
  std::vector<HugetlbPool> hugetlb_pools;      // /sys/kernel/mm/hugepages: what --pages hugetlb can take
};

inline constexpr std::uint64_t kMaxBufferBytes = kGiB;
inline constexpr std::int64_t kMinIntervalNs = kNsPerMs;

// Returns nothing when `config` can run on a machine with `limits`. Otherwise the first broken rule:
// a usage error (exit 2) for contradictory or malformed options, an environment error (exit 3) when
// this machine cannot do what was asked (a CPU that is not online or not allowed to this process, a
// pipe size above the limit, hugetlb pages that are not reserved).
[[nodiscard]] Result<void> validate(const RunConfig& config, const MachineLimits& limits);

}  // namespace pipetop

#pragma once
// Where each CPU's time went, as /proc/stat counts it in clock ticks since boot (USER_HZ, 100 a
// second): its "cpuN" lines, and the share of a stretch of time the hypervisor stole from chosen CPUs
// (steal: the vCPU was runnable but the host ran something else), from two readings around it.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// One CPU's ticks. guest and guest_nice are not kept: the kernel already counts them in user and nice.
struct CpuTicks {
  std::uint64_t user = 0;
  std::uint64_t nice = 0;
  std::uint64_t system = 0;
  std::uint64_t idle = 0;
  std::uint64_t iowait = 0;
  std::uint64_t irq = 0;
  std::uint64_t softirq = 0;
  std::uint64_t steal = 0;
  [[nodiscard]] std::uint64_t total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
};

struct CpuTickTable {
  CpuTicks all;                                // the "cpu" line: every CPU together
  std::vector<std::pair<int, CpuTicks>> cpus;  // each "cpuN" line, as listed (offline CPUs are absent)
  // CPU `cpu`'s ticks; nullptr when it is not listed.
  [[nodiscard]] const CpuTicks* cpu(int cpu) const;
};

// The cpu lines of /proc/stat's text. Fails with a runtime error when there is no "cpu" line or a cpu
// line has fewer than the 8 fields every kernel since 2.6.11 writes.
[[nodiscard]] Result<CpuTickTable> parse_cpu_ticks(std::string_view proc_stat);

// The share of the time of `cpus` (each listed once; empty: every CPU, the "cpu" line) stolen between
// `before` and `after`, in [0, 1]. nullopt when a CPU is missing from either reading or no tick
// passed. One tick is 10 ms: over half a second on two CPUs, steal moves in steps of 1%.
[[nodiscard]] std::optional<double> steal_fraction(const CpuTickTable& before, const CpuTickTable& after,
                                                   std::span<const int> cpus);

}  // namespace pipetop

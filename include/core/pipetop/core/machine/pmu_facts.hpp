#pragma once
// Which PMUs count for which CPUs: the CPU PMUs under /sys/bus/event_source/devices, and on hybrid
// CPUs (cpu_core + cpu_atom) the perf type and CPUs of each core type's own PMU.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pipetop {

struct HybridPmu {
  std::string name;        // "cpu_core", "cpu_atom"
  std::uint32_t type = 0;  // its perf type, for the extended config of generic events
  std::vector<int> cpus;   // sorted
};

// Whether event source `name` is a CPU PMU (cpu, cpu_core, cpu_atom, armv*).
[[nodiscard]] bool is_cpu_pmu(const std::string& name);

// The perf type of the hybrid PMU that owns `cpu`; nullopt on other machines or for kUnpinned.
[[nodiscard]] std::optional<std::uint32_t> hybrid_pmu_type(const std::vector<HybridPmu>& pmus, int cpu);

}  // namespace pipetop

#include "pipetop/core/machine/pmu_facts.hpp"

#include <algorithm>

namespace pipetop {

bool is_cpu_pmu(const std::string& name) {
  return name == "cpu" || name == "cpu_core" || name == "cpu_atom" || name.starts_with("armv");
}

std::optional<std::uint32_t> hybrid_pmu_type(const std::vector<HybridPmu>& pmus, int cpu) {
  if (cpu < 0) return std::nullopt;
  for (const HybridPmu& pmu : pmus) {
    if (std::binary_search(pmu.cpus.begin(), pmu.cpus.end(), cpu)) return pmu.type;
  }
  return std::nullopt;
}

}  // namespace pipetop

#pragma once
// CPU lists as the kernel prints them ("0-3,8,10-11") and the default choice of worker CPUs.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/error.hpp"

namespace pipetop {

// Parses a kernel CPU list into sorted, unique CPU numbers. An empty or blank list is an empty vector.
// On malformed text returns a runtime error quoting it.
[[nodiscard]] Result<std::vector<int>> parse_cpu_list(std::string_view text);

// "0-3,8" for {0,1,2,3,8}.
[[nodiscard]] std::string format_cpu_list(const std::vector<int>& cpus);

struct CpuCore {
  int cpu = 0;
  int package = 0;  // physical_package_id
  int core = 0;     // core_id within the package: SMT siblings share (package, core)
};

struct CpuPair {
  int writer = 0;
  int reader = 0;
};

// The lowest-numbered online CPU on another physical core than `cpu`; failing that, another CPU (an
// SMT sibling); failing that (one CPU), kUnpinned.
[[nodiscard]] int pick_partner_cpu(const std::vector<CpuCore>& online, int cpu);

// Default pinning for whichever of the two is unset: the lowest-numbered online CPU, and its partner
// (above) for the other. An unset side whose partner is explicitly unpinned stays unpinned too (the
// user asked the scheduler to place them). With fewer than two CPUs, unset ones stay unpinned.
[[nodiscard]] CpuPair choose_default_cpus(const std::vector<CpuCore>& online, std::optional<int> writer,
                                          std::optional<int> reader);

}  // namespace pipetop

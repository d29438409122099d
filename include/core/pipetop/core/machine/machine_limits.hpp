#pragma once
// What the machine facts allow and decide for a run: validate()'s limits, the context counters are
// opened and explained with, what profiles may sample, and the CPUs the workers run on by default.

#include <optional>
#include <vector>

#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/counters/perf_open_error.hpp"
#include "pipetop/core/machine/default_pinning.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/profile/profile_access.hpp"

namespace pipetop {

// Never fails: an unknown fact leaves MachineLimits' default (4 KiB pages, a 1 MiB pipe limit).
[[nodiscard]] MachineLimits machine_limits(const MachineFacts& facts);

// Unknown paranoia counts as 2; a PMU list that could not be read counts as a PMU present (so an
// open error is explained by its errno, not by a missing PMU).
[[nodiscard]] PerfOpenContext perf_open_context(const MachineFacts& facts);

// What decides whether profiles get kernel frames, and the kernel's sampling limits. An unknown fact
// keeps ProfileFacts' cautious default (paranoid 2, kptr_restrict 1, no capability).
[[nodiscard]] ProfileFacts profile_facts(const MachineFacts& facts);

// The CPUs this process may use, with their places.
[[nodiscard]] std::vector<CpuPlace> allowed_places(const MachineFacts& facts);

// choose_pinning() on this machine's allowed CPUs.
[[nodiscard]] PinningChoice default_pinning(const MachineFacts& facts, std::optional<int> writer = std::nullopt,
                                            std::optional<int> reader = std::nullopt);

}  // namespace pipetop

#pragma once
// A configuration checked and completed once against the machine facts (rules, default pinning from
// the CPUs this process may use, counters encoded), ready to launch: the same for `run`, the
// dashboard, the ladder and the tuner.

#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/machine/cpu_list.hpp"
#include "pipetop/core/machine/default_pinning.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/machine/pair_placement.hpp"
#include "pipetop/system/event_encoder.hpp"

namespace pipetop {

struct WorkerPlan {
  RunConfig config;  // validated, default CPUs resolved
  MachineFacts machine;
  MachineLimits limits;
  PinningChoice pinning;  // config's CPUs and why they were chosen
  CpuPair separate;       // the default pair: separate physical cores where the allowed CPUs have two
  std::vector<CounterRequest> counters;
};

// Validates `config` for `machine` (read_machine_facts), resolves default pinning from the CPUs this
// process may use and encodes the counters. Errors are those of validate() and encode_events() (usage
// or environment: a CPU that is offline or outside the allowed set names the allowed ones).
[[nodiscard]] Result<WorkerPlan> plan_workers(const RunConfig& config, const MachineFacts& machine);

// plan_workers for each pair of `placement` (--pairs N): `config` on the pair's CPUs.
[[nodiscard]] Result<std::vector<WorkerPlan>> plan_pairs(const RunConfig& config, const MachineFacts& machine,
                                                         const PairPlacement& placement);

}  // namespace pipetop

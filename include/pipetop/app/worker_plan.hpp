#pragma once
// A configuration checked and completed once for this machine (rules, default pinning, counters
// encoded), ready to launch: the same for `run`, the dashboard, the ladder and the tuner.

#include <vector>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/error.hpp"
#include "pipetop/core/validate.hpp"
#include "pipetop/system/event_encoder.hpp"

namespace pipetop {

struct WorkerPlan {
  RunConfig config;  // validated, default CPUs resolved
  MachineLimits limits;
  CpuPair separate;  // the default pair on separate physical cores
  std::vector<CounterRequest> counters;
};

// Validates `config` for this machine, resolves default pinning and encodes the counters. Errors are
// those of validate() and encode_events() (usage or environment).
[[nodiscard]] Result<WorkerPlan> plan_workers(const RunConfig& config);

}  // namespace pipetop

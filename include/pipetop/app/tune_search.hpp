#pragma once
// The tuner run for real (sessions), with its progress on stderr: shared by `pipetop tune` and the
// "tuned best" rung of `pipetop check`.

#include <string>

#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/tune.hpp"

namespace pipetop {

// Tunes from `plan` (its pinning, counters and machine limits) within `budget_ns`; progress lines
// start with `label` (none when `quiet`).
[[nodiscard]] TuneResult run_tune_search(const WorkerPlan& plan, std::int64_t budget_ns, const std::string& label,
                                         bool quiet);

}  // namespace pipetop

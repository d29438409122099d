#pragma once
// The tuner run for real (sessions), with its progress on stderr: shared by `pipetop tune` and the
// "tuned best" rung of `pipetop check`.

#include <string>

#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/experiment/tune.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Tunes from `plan` (its pinning, counters and machine) within `budget_ns`, reading /proc through
// `files`; progress lines start with `label` (none when `quiet`).
[[nodiscard]] TuneResult run_tune_search(const WorkerPlan& plan, const SystemFiles& files, std::int64_t budget_ns,
                                         const std::string& label, bool quiet);

}  // namespace pipetop

#pragma once
// Whether a contrast's ratio followed the machine's state (wakeup_phases.hpp), as the JSON value the
// documents that compare in paired rounds carry as "phases" (ab's, and each of check's steps).

#include <optional>

#include "pipetop/core/experiment/wakeup_phases.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// null, or {"words": ..., "threshold_us": ..., "quick": {"rounds", "wakeup_us", "ratio", "ci95"}, "slow": {...}}.
void wakeup_phases_json(JsonWriter& json, const std::optional<WakeupPhases>& phases);

}  // namespace pipetop

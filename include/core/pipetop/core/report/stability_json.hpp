#pragma once
// The machine's stability (machine_stability.hpp) as the JSON object every document that draws a
// conclusion from paired rounds carries as "stability".

#include <string>

#include "pipetop/core/experiment/machine_stability.hpp"

namespace pipetop {

// {"words": ..., "slices": N, "spread": ..., "steal": ..., "steal_max": ..., "run_delay": ...,
// "run_delay_max": ..., "wakeup_us": ..., "wakeup_min_us": ..., "wakeup_max_us": ...}; figures not
// measured are null.
[[nodiscard]] std::string stability_json(const MachineStability& stability);

}  // namespace pipetop

#pragma once
// The short label of a configuration change, as the chart's marker shows it: "+vmsplice",
// "-busy", "buf 1M", "pipe 256K", "cpu 0→0". Several changes are joined with spaces.

#include <string>

#include "pipetop/core/run_config.hpp"

namespace pipetop {

[[nodiscard]] std::string describe_change(const RunConfig& before, const RunConfig& after);

}  // namespace pipetop

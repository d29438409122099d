#pragma once
// The `pipetop run ...` command line that reproduces a RunConfig, options in their CLI spelling.

#include <string>

#include "pipetop/core/run_config.hpp"

namespace pipetop {

// Only options that differ from their defaults are written; CPUs are written when set.
[[nodiscard]] std::string run_command_line(const RunConfig& config);

}  // namespace pipetop

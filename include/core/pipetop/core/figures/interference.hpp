#pragma once
// Saying when the machine disturbed the figures: a worker that waited for its CPU more than
// kDisturbedWaitFraction of the time shared it with another program, so what was measured is below
// what this machine can do.

#include <array>
#include <optional>
#include <string>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

// Each worker's share of the time waiting for a CPU (writer, reader), as measured; absent ones are
// unknown.
using CpuWaits = std::array<std::optional<double>, 2>;

[[nodiscard]] bool disturbed(const CpuWaits& waits);

// "the writer (CPU 0) waited for its CPU 48% of the time: another program is competing; these
// figures are below what this machine can do", naming each worker above the threshold; nullopt when
// neither is.
[[nodiscard]] std::optional<std::string> interference_words(const CpuWaits& waits, const RunConfig& config);

}  // namespace pipetop

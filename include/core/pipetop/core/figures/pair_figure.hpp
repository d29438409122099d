#pragma once
// One pair of --pairs N as the dashboard's strip shows it: where it runs and its own rate now.

#include <optional>

#include "pipetop/core/machine/cpu_list.hpp"

namespace pipetop {

struct PairFigure {
  CpuPair cpus;                     // as it runs (kUnpinned: left to the scheduler)
  std::optional<double> gib_per_s;  // its reader's rate over the last second; none before it has one
  bool running = false;             // its workers move bytes (not starting, stopped or failed)
};

}  // namespace pipetop

#pragma once
// Figures every report format prints at the end of a run, computed once from a RunOutcome.

#include <cstdint>

#include "pipetop/core/run_outcome.hpp"
#include "pipetop/core/throughput.hpp"

namespace pipetop {

struct WorkerTotals {
  std::uint64_t bytes = 0;
  std::uint64_t syscalls = 0;
  std::uint64_t eagain = 0;
};

struct RunSummary {
  ThroughputSummary throughput;  // from the reader's samples: bytes that made it through the pipe
  WorkerTotals writer;
  WorkerTotals reader;
};

[[nodiscard]] RunSummary summarize(const RunOutcome& outcome);

}  // namespace pipetop

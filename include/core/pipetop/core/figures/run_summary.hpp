#pragma once
// Figures every report format prints of a segment (a run, a rung, a trial, the dashboard's current
// configuration): what SegmentAggregate::summary() gives.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/counters/derived_figures.hpp"
#include "pipetop/core/figures/interference.hpp"
#include "pipetop/core/figures/pipe_fill.hpp"
#include "pipetop/core/figures/throughput.hpp"
#include "pipetop/core/figures/time_shares.hpp"
#include "pipetop/core/profile/worker_profile.hpp"

namespace pipetop {

// One counter of one worker over its whole transfer (first to last sample).
struct CounterSummary {
  CounterInfo info;
  std::optional<double> value;  // scaled when multiplexed; none if unavailable or never ran
  std::optional<double> per_second;
  std::optional<double> per_gib;           // per GiB this worker moved
  std::optional<double> running_fraction;  // of the enabled time; < 1 when multiplexed
};

struct WorkerSummary {
  std::uint64_t bytes = 0;
  std::uint64_t syscalls = 0;
  std::uint64_t eagain = 0;
  std::vector<CounterSummary> counters;
  DerivedFigures derived;                  // over the whole transfer
  std::optional<double> cpu_user_percent;  // of one CPU, over the transfer's wall time
  std::optional<double> cpu_system_percent;
  std::optional<double> cpu_wait_fraction;  // of the wall time waiting for a CPU (the parent's /proc readings)
  std::optional<TimeShares> time;           // where its wall time went (the parent's first and last readings)
  std::optional<ProfileSummary> profile;    // when the run was profiled
};

struct RunSummary {
  ThroughputSummary throughput;  // from the reader's samples: bytes that made it through the pipe
  WorkerSummary writer;
  WorkerSummary reader;
  PipeFill pipe_fill;  // what the reader found in the pipe, sample by sample
  [[nodiscard]] CpuWaits cpu_waits() const { return {writer.cpu_wait_fraction, reader.cpu_wait_fraction}; }
  // Something else competed for the workers' CPUs: the figures are below this machine's best.
  [[nodiscard]] bool disturbed() const { return pipetop::disturbed(cpu_waits()); }
};

}  // namespace pipetop

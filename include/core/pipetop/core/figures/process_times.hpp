#pragma once
// Where a process's wall time went, as the kernel accounts it and the parent reads it from /proc every
// tick (no cost in the worker): running (schedstat's run time, split user/kernel by stat), waiting for
// a CPU (schedstat's run-queue wait: another task was runnable on its CPU), and its context switches
// (status: voluntary = it slept, involuntary = it was preempted).

#include <cstdint>
#include <optional>
#include <string_view>

#include "pipetop/core/figures/cpu_time.hpp"

namespace pipetop {

struct ProcessTimes {
  std::int64_t t_ns = 0;     // when it was read (CLOCK_MONOTONIC)
  std::int64_t run_ns = 0;   // on a CPU
  std::int64_t wait_ns = 0;  // runnable, waiting for a CPU
  CpuTime cpu;               // user and kernel time (clock ticks, so coarser than run_ns)
  std::uint64_t voluntary_switches = 0;
  std::uint64_t involuntary_switches = 0;
};

// The text of /proc/<pid>/schedstat: "run_ns wait_ns timeslices". nullopt when malformed.
struct SchedStat {
  std::int64_t run_ns = 0;
  std::int64_t wait_ns = 0;
};
[[nodiscard]] std::optional<SchedStat> parse_schedstat(std::string_view text);

// voluntary_ctxt_switches and nonvoluntary_ctxt_switches from the text of /proc/<pid>/status;
// nullopt when either is missing.
struct SwitchCounts {
  std::uint64_t voluntary = 0;
  std::uint64_t involuntary = 0;
};
[[nodiscard]] std::optional<SwitchCounts> parse_status_switches(std::string_view text);

// The share of the wall time between two readings spent waiting for a CPU, in [0, 1]; nullopt when
// no time passed or the readings go backwards (another process, after a restart).
[[nodiscard]] std::optional<double> cpu_wait_fraction(const ProcessTimes& from, const ProcessTimes& to);

// Waiting for a CPU more than this share of the time means something else competed for it: the
// figures are below what the machine can do.
inline constexpr double kDisturbedWaitFraction = 0.05;

}  // namespace pipetop

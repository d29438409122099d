#pragma once
// Where a worker's wall time went, without a PMU: running in user space, running in the kernel,
// waiting for a CPU (schedstat), sleeping (blocked: on the pipe), spinning (busy-loop calls that found
// the pipe full or empty: the worker times them from the clock reads it already makes). The shares
// are disjoint and add up to one, so they draw as one stacked bar; voluntary and involuntary context
// switches go beside them.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pipetop/core/figures/process_times.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/profile/worker_profile.hpp"

namespace pipetop {

struct TimeShares {
  double user = 0;                          // running in user space (spinning excluded)
  double kernel = 0;                        // running in the kernel (spinning excluded)
  double cpu_wait = 0;                      // runnable, waiting for a CPU
  double sleeping = 0;                      // neither running nor runnable: blocked on the pipe
  double spinning = 0;                      // running, in calls that found the pipe full or empty (busy loop)
  double seconds = 0;                       // the wall time they share
  bool split_by_profile = false;            // user/kernel from the profile's samples, else the kernel's ticks
  std::optional<double> voluntary_per_s;    // it slept
  std::optional<double> involuntary_per_s;  // it was preempted
};

// Each share described once, in the order of the stacked bar: JSON, text and the panel.
struct TimeShareField {
  double TimeShares::*member;
  std::string_view key;    // "cpu_wait", for JSON
  std::string_view label;  // "cpu wait"
};

inline constexpr std::array<TimeShareField, 5> kTimeShareFields{{
    {&TimeShares::user, "user", "user"},
    {&TimeShares::kernel, "kernel", "kernel"},
    {&TimeShares::cpu_wait, "cpu_wait", "cpu wait"},
    {&TimeShares::sleeping, "sleeping", "sleep"},
    {&TimeShares::spinning, "spinning", "spin"},
}};

// "user 12% · kernel 41% · cpu wait 1% · sleep 46% · spin 0%"
[[nodiscard]] std::string time_shares_words(const TimeShares& shares);
// "5.2 k voluntary/s · 3 involuntary/s", or "" when unknown.
[[nodiscard]] std::string switches_words(const TimeShares& shares);

// The share of the wall time between two samples spent spinning; nullopt when no time passed or
// the samples go backwards (another session).
[[nodiscard]] std::optional<double> spin_share(const Sample& first, const Sample& last);

// The share of the running time spent in user space: the profile's, when it samples kernel frames
// and has enough samples (a sample per millisecond on the CPU), else the kernel's user/system ticks
// (`cpu`, over the same time; ten-millisecond ticks); nullopt when neither says.
struct UserFraction {
  double fraction = 0;
  bool from_profile = false;
};
[[nodiscard]] std::optional<UserFraction> user_fraction(const CpuTime& cpu, const WorkerProfile* profile);

// The shares between two /proc readings of one worker. `spinning`: spin_share over about the same
// time (none: 0), wall time that includes preemptions in the middle of a spin, so only its running
// part counts. nullopt when no time passed or the readings go backwards. Running and waiting beyond
// the wall time (the readings are not taken at one instant) are scaled down to fit.
[[nodiscard]] std::optional<TimeShares> time_shares(const ProcessTimes& from, const ProcessTimes& to,
                                                    std::optional<double> spinning, std::optional<UserFraction> user);

}  // namespace pipetop

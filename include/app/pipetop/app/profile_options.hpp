#pragma once
// Whether a command profiles its workers, and how often: the dashboard and check do by default (the
// "why" is their point; --no-profile turns it off), run only with --profile. The plan that profiles
// every session of the command is made once from it (kernel symbols are read once).

#include <CLI/CLI.hpp>
#include <optional>

#include "pipetop/app/config_options.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/system/pair_profiler.hpp"
#include "pipetop/system/sampling_event.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

inline constexpr int kMaxProfileHz = 10000;

// The dashboard's rate: it runs for hours beside the workers, on their CPUs where there are two, and
// its live shares need no more (two workers at 40% of a CPU give 200 samples a second; 1000 Hz cost
// its parent 0.3 points of a CPU more: 1.22% of one against 0.88% at 120x36, 40 s each).
inline constexpr int kDashboardProfileHz = 250;

struct ProfileRequest {
  bool enabled = false;
  int frequency_hz = kDefaultProfileHz;  // lowered to the kernel's perf_event_max_sample_rate if above it
};

// Binds --profile-hz on `app`, and --no-profile when `request` is enabled by default, else --profile
// (which --profile-hz implies). A rate outside 1..kMaxProfileHz is a usage error in `problems`.
void bind_profile_options(CLI::App& app, ProfileRequest& request, ParseProblems& problems);

// The plan for profiling each session of the command on `machine` (kernel symbols read through
// `files` when kernel frames are allowed); nullopt when `request` is not enabled. Never fails: what
// the kernel refuses, each profile says.
[[nodiscard]] std::optional<ProfilingPlan> plan_profiling(const ProfileRequest& request, const MachineFacts& machine,
                                                          const SystemFiles& files);

}  // namespace pipetop

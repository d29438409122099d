#pragma once
// What every profile of a run relies on, read once: the machine's facts that decide whether kernel
// frames can be had (perf_event_paranoid, kptr_restrict, this process's capabilities, a CPU PMU, the
// kernel's sampling limits: read by read_machine_facts) and the kernel's symbols.

#include <memory>

#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/profile/profile_access.hpp"
#include "pipetop/system/kernel_symbols.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct ProfileEnvironment {
  ProfileFacts facts;
  KernelFramesVerdict kernel_frames;                    // whether profiles may include kernel frames
  std::shared_ptr<const KernelSymbols> kernel_symbols;  // never null; empty when kernel frames are not allowed
};

// The facts of `machine` (profile_facts), the verdict on kernel frames and, when they are allowed,
// /proc/kallsyms read through `files`. Never fails: a kallsyms that cannot be read, or shows only
// zeros, turns kernel frames off with the reason.
[[nodiscard]] ProfileEnvironment read_profile_environment(const MachineFacts& machine, const SystemFiles& files);

}  // namespace pipetop

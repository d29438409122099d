#pragma once
// What every profile of a run relies on, read once: the facts that decide whether kernel frames can
// be had (perf_event_paranoid, kptr_restrict, this process's capabilities, a CPU PMU, the kernel's
// sampling limits) and the kernel's symbols.

#include <memory>

#include "pipetop/core/profile_access.hpp"
#include "pipetop/system/kernel_symbols.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct ProfileEnvironment {
  ProfileFacts facts;
  KernelFramesVerdict kernel_frames;                    // whether profiles may include kernel frames
  std::shared_ptr<const KernelSymbols> kernel_symbols;  // never null; empty when kernel frames are not allowed
};

// The facts as `files` shows them (capabilities from /proc/self/status). Never fails: an unreadable
// fact keeps its ProfileFacts default (paranoid 2, kptr_restrict 1, no capability, no PMU).
[[nodiscard]] ProfileFacts read_profile_facts(const SystemFiles& files);

// read_profile_facts, the verdict on kernel frames and, when they are allowed, /proc/kallsyms. Never
// fails: a kallsyms that cannot be read, or shows only zeros, turns kernel frames off with the reason.
[[nodiscard]] ProfileEnvironment read_profile_environment(const SystemFiles& files);

}  // namespace pipetop

#pragma once
// Gathering MachineFacts: from files (testable on fixture trees), then from live probes on this
// machine (which counters open, whether vmsplice and splice work, systemd-detect-virt).

#include "pipetop/core/machine_facts.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Everything /proc and /sys say. Never fails: what cannot be read stays unknown (empty / nullopt).
// `privileged`: perf events at any paranoia; `pipe_privileged` (default: the same): pipes above the limit.
[[nodiscard]] MachineFacts read_machine_facts(const SystemFiles& files, bool privileged,
                                             std::optional<bool> pipe_privileged = std::nullopt);

// Adds what only trying can tell: the default counters opened on this process, a vmsplice and a
// splice through a real pipe, and systemd-detect-virt's answer when it is installed.
void probe_machine(MachineFacts& facts);

}  // namespace pipetop

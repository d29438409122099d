#pragma once
// The one reader of the machine: every /proc and /sys file pipetop reads about the machine and about
// itself as the machine sees it (capabilities, affinity, cgroup), through the SystemFiles the app
// created, so a fixture tree stands in for a machine in tests.

#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Everything the files say. Never fails: what cannot be read stays unknown (empty / nullopt /
// "unknown"); the probes (counters, vmsplice, splice) are left for probe_machine().
[[nodiscard]] MachineFacts read_machine_facts(const SystemFiles& files);

}  // namespace pipetop

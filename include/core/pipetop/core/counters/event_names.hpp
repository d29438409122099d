#pragma once
// The default counter set of each worker.

#include <string>
#include <vector>

namespace pipetop {

// cycles, instructions (→ IPC), dTLB/iTLB load misses, page faults (all, minor, major), context
// switches, CPU migrations and task-clock (→ CPU utilisation).
[[nodiscard]] const std::vector<std::string>& default_event_names();

}  // namespace pipetop

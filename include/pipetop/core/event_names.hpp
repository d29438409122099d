#pragma once
// The default counter set of each worker, and "did you mean" suggestions for a mistyped event.

#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

// cycles, instructions (→ IPC), dTLB/iTLB load misses, page faults (all, minor, major), context
// switches, CPU migrations and task-clock (→ CPU utilisation).
[[nodiscard]] const std::vector<std::string>& default_event_names();

// Up to `limit` names from `candidates` closest to `name` (case-insensitive edit distance), best
// first; only those close enough to be a plausible typo.
[[nodiscard]] std::vector<std::string> suggest_close_matches(std::string_view name,
                                                             const std::vector<std::string>& candidates,
                                                             std::size_t limit = 3);

}  // namespace pipetop

#pragma once
// "Did you mean": the words closest to a mistyped one (an event name, an option, a command).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

// Up to `limit` words from `candidates` closest to `name` (case-insensitive edit distance), best
// first; only those close enough to be a plausible typo.
[[nodiscard]] std::vector<std::string> suggest_close_matches(std::string_view name,
                                                             const std::vector<std::string>& candidates,
                                                             std::size_t limit = 3);

}  // namespace pipetop

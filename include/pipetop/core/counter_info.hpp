#pragma once
// What is known about one counter of a worker, apart from its readings: its name, whether it counts
// (and how), and if not, why — in words a user can act on.

#include <string>
#include <string_view>

namespace pipetop {

enum class CounterState {
  counting,     // user and kernel, as asked
  user_only,    // counting, but kernel excluded (asked for with --user-only, or forced by paranoia)
  unavailable,  // could not be opened; reason says why
};

struct CounterInfo {
  std::string name;  // as the user wrote it (or the default set names it)
  CounterState state = CounterState::unavailable;
  std::string reason;  // for unavailable: why; for user_only: why kernel is excluded
};

[[nodiscard]] std::string_view to_string(CounterState state);

}  // namespace pipetop

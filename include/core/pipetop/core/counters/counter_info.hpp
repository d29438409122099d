#pragma once
// What is known about one counter of a worker, apart from its readings: its name, whether it counts
// (and how), and if not, why — in words a user can act on.

#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

enum class CounterState {
  counting,     // user and kernel, as asked
  user_only,    // counting, but kernel excluded (asked for with --user-only, or forced by paranoia)
  unavailable,  // could not be opened; reason says why
};

// Why a counter does not count (or counts user space only), as a code the display can act on; the
// reason beside it says the same in words, with advice.
enum class CounterProblem {
  none,
  asked_user_only,  // --user-only
  no_pmu,           // a hardware event on a machine that exposes no PMU (most virtual machines)
  not_permitted,    // perf_event_paranoid, or not privileged
  busy,             // another tool holds the PMU
  unsupported,      // this CPU, PMU or kernel cannot count it
  too_many_files,   // the fd limit
  needs_unit_mask,  // a PMU event named without one of its unit masks
  unknown_event,    // libpfm4 does not know the name
  other,
};

struct CounterInfo {
  std::string name;  // as the user wrote it (or the default set names it)
  CounterState state = CounterState::unavailable;
  std::string reason;  // for unavailable: why; for user_only: why kernel is excluded
  CounterProblem problem = CounterProblem::none;
};

[[nodiscard]] std::string_view to_string(CounterState state);

// A few words for a cell that has no number: "no PMU", "denied", "busy", "n/a" for the rest.
[[nodiscard]] std::string_view short_words(CounterProblem problem);

// What a worker's counters include: "user+kernel", "user only" (asked for with --user-only, or because
// the kernel part of a counter was refused: then `why` says why), or "off" with --no-counters.
struct CounterMode {
  std::string_view label;
  std::string why;  // only when user only without being asked
};
[[nodiscard]] CounterMode counter_mode(const std::vector<CounterInfo>& counters, bool asked_user_only,
                                       bool asked_no_counters);

}  // namespace pipetop

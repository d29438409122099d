#include "pipetop/core/counters/counter_info.hpp"

#include <string>

namespace pipetop {

std::string_view to_string(CounterState state) {
  switch (state) {
    case CounterState::counting:
      return "counting";
    case CounterState::user_only:
      return "user-only";
    case CounterState::unavailable:
      return "unavailable";
  }
  return "unknown";
}

std::string_view short_words(CounterProblem problem) {
  switch (problem) {
    case CounterProblem::no_pmu:
      return "no PMU";
    case CounterProblem::not_permitted:
      return "denied";
    case CounterProblem::busy:
      return "busy";
    case CounterProblem::none:
    case CounterProblem::asked_user_only:
    case CounterProblem::unsupported:
    case CounterProblem::too_many_files:
    case CounterProblem::needs_unit_mask:
    case CounterProblem::unknown_event:
    case CounterProblem::other:
      break;
  }
  return "n/a";
}

CounterMode counter_mode(const std::vector<CounterInfo>& counters, bool asked_user_only, bool asked_no_counters) {
  if (asked_no_counters) return {"off", ""};
  if (asked_user_only) return {"user only", ""};
  for (const CounterInfo& c : counters) {
    if (c.state == CounterState::user_only) return {"user only", c.reason};
  }
  return {"user+kernel", ""};
}

}  // namespace pipetop

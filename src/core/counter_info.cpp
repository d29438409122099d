#include "pipetop/core/counter_info.hpp"

namespace pipetop {

std::string_view to_string(CounterState state) {
  switch (state) {
    case CounterState::counting: return "counting";
    case CounterState::user_only: return "user-only";
    case CounterState::unavailable: return "unavailable";
  }
  return "unknown";
}

}  // namespace pipetop

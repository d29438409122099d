#include "pipetop/core/counters/event_names.hpp"

namespace pipetop {

const std::vector<std::string>& default_event_names() {
  static const std::vector<std::string> names = {
      "cycles",       "instructions", "dTLB-load-misses", "iTLB-load-misses", "page-faults",
      "minor-faults", "major-faults", "context-switches", "cpu-migrations",   "task-clock"};
  return names;
}

}  // namespace pipetop

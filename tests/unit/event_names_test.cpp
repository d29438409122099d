#include "pipetop/core/counters/event_names.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace pipetop {
namespace {

// ---------------------------------------------------------------- default_event_names

TEST(DefaultEventNames, ExactListInOrder) {
  const std::vector<std::string> expected = {"cycles",         "instructions", "dTLB-load-misses", "iTLB-load-misses",
                                             "page-faults",    "minor-faults", "major-faults",     "context-switches",
                                             "cpu-migrations", "task-clock"};
  EXPECT_EQ(default_event_names(), expected);
}

TEST(DefaultEventNames, FitInOneSampleAndHaveNoRepeats) {
  const std::vector<std::string>& names = default_event_names();
  const std::set<std::string> unique(names.begin(), names.end());
  EXPECT_EQ(unique.size(), names.size());
  EXPECT_LE(names.size(), 20u) << "a Sample holds kMaxCounters readings";
  EXPECT_EQ(&default_event_names(), &names) << "one list, not a copy per call";
}

}  // namespace
}  // namespace pipetop

// Counters through the real binary: -e validation, `pipetop events`, and counters in the output.

#include <gtest/gtest.h>

#include <sstream>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::string last;
  while (std::getline(in, line)) {
    if (!line.empty()) last = line;
  }
  return last;
}

TEST(CountersCli, UnknownEventIsAUsageErrorWithSuggestions) {
  const testing::Ran ran = testing::run_binary({"run", "-e", "cylces"}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("unknown event 'cylces'"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("did you mean cycles"), std::string::npos) << ran.err;
  EXPECT_EQ(ran.out, "");
}

TEST(CountersCli, EventsListsTheDefaultSetWithWhatIsUsableHere) {
  const testing::Ran ran = testing::run_binary({"events"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  for (const char* event : {"cycles", "instructions", "dTLB-load-misses", "iTLB-load-misses", "page-faults",
                            "minor-faults", "major-faults", "context-switches", "cpu-migrations", "task-clock"}) {
    EXPECT_NE(ran.out.find(std::string("\n") + event + " "), std::string::npos) << event;
  }
  // Software events open on any Linux machine.
  const std::size_t page_faults = ran.out.find("\npage-faults ");
  ASSERT_NE(page_faults, std::string::npos);
  EXPECT_NE(ran.out.substr(page_faults, 80).find("usable"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("perf_event_paranoid="), std::string::npos);
}

TEST(CountersCli, EventsFilterAndAll) {
  const testing::Ran ran = testing::run_binary({"events", "--all", "faults"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("page-faults"), std::string::npos);
  EXPECT_EQ(ran.out.find("\ncycles "), std::string::npos) << "the filter keeps only matching names";
}

TEST(CountersCli, JsonSummaryCarriesEachWorkersCounters) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "1s", "--format", "json"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::string summary = last_line(ran.out);
  EXPECT_NE(summary.find("\"counter_mode\":\"user+kernel\""), std::string::npos) << summary;
  for (const char* part :
       {"\"counters\":{\"writer\":{", "\"reader\":{", "\"page-faults\":{\"value\":", "\"context-switches\":{\"value\":",
        "\"per_gib\":", "\"running_fraction\":", "\"derived\":{\"writer\":{\"ipc\":", "\"cpu_system_percent\":"}) {
    EXPECT_NE(summary.find(part), std::string::npos) << part << " missing in " << summary;
  }
  // Per sample too.
  EXPECT_NE(ran.out.find("\"counters\":{\"cycles\":"), std::string::npos);
}

TEST(CountersCli, UserOnlyAndNoCounters) {
  const testing::Ran user = testing::run_binary({"run", "--duration", "1s", "--format", "json", "--user-only"}, 30s);
  ASSERT_EQ(user.exit_code, 0) << user.err;
  EXPECT_NE(last_line(user.out).find("\"counter_mode\":\"user only\""), std::string::npos);

  const testing::Ran none = testing::run_binary({"run", "--duration", "1s", "--format", "json", "--no-counters"}, 30s);
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_NE(last_line(none.out).find("\"counters\":{\"writer\":{},\"reader\":{}}"), std::string::npos)
      << last_line(none.out);
}

TEST(CountersCli, TextSummaryHasTheCounterTable) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "1s"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("counters (user+kernel)"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("context switches/s"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("% sys"), std::string::npos) << ran.out;
}

}  // namespace
}  // namespace pipetop

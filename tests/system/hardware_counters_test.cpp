// Real hardware counters on this process over a busy loop. Needs a CPU PMU exposed by the kernel:
// skipped (saying so) on machines without one, as most virtual machines are.

#include <gtest/gtest.h>
#include <sched.h>

#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/perf_api.hpp"
#include "pipetop/system/perf_facts.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

// The CPU PMUs under /sys/bus/event_source/devices, e.g. "cpu" or "cpu_core, cpu_atom".
std::string cpu_pmus() {
  std::string found;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(kEventSourceDevices, ec)) {
    const std::string name = e.path().filename().string();
    if (name == "cpu" || name == "cpu_core" || name == "cpu_atom" || name.starts_with("armv")) {
      found += (found.empty() ? "" : ", ") + name;
    }
  }
  return found;
}

#define SKIP_WITHOUT_PMU()                                                                                   \
  do {                                                                                                       \
    if (cpu_pmus().empty()) {                                                                                \
      GTEST_SKIP() << "no hardware PMU: no cpu, cpu_core, cpu_atom or armv* under " << kEventSourceDevices   \
                   << " (virtual machines often expose none), so cycles and instructions cannot be counted"; \
    }                                                                                                        \
  } while (false)

TEST(HardwareCounters, CyclesAndInstructionsOfABusyLoopGiveASaneIpc) {
  SKIP_WITHOUT_PMU();
  const PerfOpenContext context = perf_open_context(testing::live_machine());
  if (context.paranoid >= 3 && !context.privileged) {
    GTEST_SKIP() << "perf_event_paranoid=" << context.paranoid << " forbids perf events to unprivileged users";
  }
  Result<std::vector<CounterRequest>> requests = encode_events({"cycles", "instructions"}, false);
  ASSERT_TRUE(requests) << requests.error().message;
  // On a hybrid CPU the generic events must be directed at the PMU of the CPU we run on: pin first.
  cpu_set_t set;
  CPU_ZERO(&set);
  const int cpu = sched_getcpu();
  ASSERT_GE(cpu, 0);
  CPU_SET(static_cast<std::size_t>(cpu), &set);
  cpu_set_t previous;
  ASSERT_EQ(sched_getaffinity(0, sizeof previous, &previous), 0);
  ASSERT_EQ(sched_setaffinity(0, sizeof set, &set), 0);
  if (const std::optional<std::uint32_t> pmu = hybrid_pmu_type(testing::live_machine().hybrid_pmus, cpu)) {
    for (CounterRequest& r : *requests) target_pmu(r.attr, *pmu);
  }
  CounterSet counters = CounterSet::open(kernel_perf_api(), *requests, context);
  for (const CounterInfo& info : counters.infos()) {
    ASSERT_NE(info.state, CounterState::unavailable)
        << info.name << ": " << info.reason << " (PMUs: " << cpu_pmus() << ")";
  }
  counters.enable();
  Sample before;
  counters.read_into(before);
  volatile std::uint64_t sink = 0;
  for (std::uint64_t i = 0; i < 20'000'000; ++i) sink = sink + i * 3;
  Sample after;
  counters.read_into(after);
  (void)sched_setaffinity(0, sizeof previous, &previous);

  const std::optional<double> cycles = scaled_delta(before.counters[0], after.counters[0]);
  const std::optional<double> instructions = scaled_delta(before.counters[1], after.counters[1]);
  ASSERT_TRUE(cycles && instructions) << "a counter never got onto the PMU";
  std::cout << "[ info     ] busy loop: cycles " << *cycles << ", instructions " << *instructions << ", IPC "
            << *instructions / *cycles << "\n";
  EXPECT_GT(*cycles, 0);
  EXPECT_GT(*instructions, 20'000'000.0) << "at least one instruction per iteration";
  const double ipc = *instructions / *cycles;
  EXPECT_GT(ipc, 0.05);
  EXPECT_LT(ipc, 10.0);
}

}  // namespace
}  // namespace pipetop

// CounterSet with the kernel's per-task accounting (task_accounting.hpp) through a scripted fake: the
// software events it accounts open no perf event, count from enable(), and are read with the perf
// groups; what it cannot give (user-only, an unreadable count, hardware events) still goes to perf.

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cerrno>
#include <memory>
#include <string>
#include <vector>

#include "counter_requests.hpp"
#include "fake_perf_api.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/task_accounting.hpp"

namespace pipetop {
namespace {

using testing::FakePerfApi;
using testing::hw;
using testing::sw;

class FakeAccounting final : public TaskAccounting {
 public:
  bool can_read(AccountedEvent event) override { return event != AccountedEvent::cpu_migrations || migrations; }
  TaskCounts read(bool with_migrations) noexcept override {
    ++reads;
    migration_reads += with_migrations ? 1 : 0;
    return now;
  }
  TaskCounts now;
  bool migrations = true;
  int reads = 0;
  int migration_reads = 0;
};

// The default set as libpfm4 encodes it, in its order (cycles standing for the hardware events).
std::vector<CounterRequest> default_set() {
  return {hw("cycles", PERF_COUNT_HW_CPU_CYCLES),
          sw("page-faults", PERF_COUNT_SW_PAGE_FAULTS),
          sw("minor-faults", PERF_COUNT_SW_PAGE_FAULTS_MIN),
          sw("major-faults", PERF_COUNT_SW_PAGE_FAULTS_MAJ),
          sw("context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES),
          sw("cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS),
          sw("task-clock", PERF_COUNT_SW_TASK_CLOCK)};
}

PerfOpenContext root_with_pmu() {
  return testing::paranoid_two_context(true);
}

TaskCounts counts(std::int64_t t_ns, std::uint64_t minor, std::uint64_t major, std::uint64_t switches,
                  std::uint64_t migrations, std::uint64_t cpu_ns) {
  return {t_ns, minor, major, switches, migrations, cpu_ns};
}

TEST(CounterSetAccounting, TheAccountedEventsOpenNoPerfEventOnlyTheHardwareOnesDo) {
  FakePerfApi api;
  auto accounting = std::make_unique<FakeAccounting>();
  const CounterSet set = CounterSet::open(api, default_set(), root_with_pmu(), std::move(accounting));
  ASSERT_EQ(api.opens.size(), 1U);
  EXPECT_EQ(api.opens[0].attr.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  ASSERT_EQ(set.infos().size(), 7U);
  for (const CounterInfo& info : set.infos()) {
    EXPECT_EQ(info.state, CounterState::counting) << info.name;
    EXPECT_EQ(info.reason, "") << info.name;
  }
}

TEST(CounterSetAccounting, CountsFromEnableWithTheTimeSinceAsEnabledAndRunning) {
  FakePerfApi api;
  auto owned = std::make_unique<FakeAccounting>();
  FakeAccounting& accounting = *owned;
  CounterSet set = CounterSet::open(api, default_set(), root_with_pmu(), std::move(owned));

  accounting.now = counts(1'000, 5'000, 3, 40, 2, 9'000'000);  // the set-up's faults and time
  Sample before_go;
  set.read_into(before_go);
  EXPECT_EQ(accounting.reads, 0) << "nothing is read before the go, as a disabled perf event counts nothing";
  for (std::size_t i = 1; i < 7; ++i) EXPECT_EQ(before_go.counters[i].value, 0U) << i;

  set.enable();
  accounting.now = counts(501'000, 5'010, 4, 140, 3, 409'000'000);
  Sample s;
  set.read_into(s);
  ASSERT_EQ(s.counter_count, 7U);
  EXPECT_EQ(s.counters[1].value, 11U) << "page-faults: minor and major";
  EXPECT_EQ(s.counters[2].value, 10U);
  EXPECT_EQ(s.counters[3].value, 1U);
  EXPECT_EQ(s.counters[4].value, 100U);
  EXPECT_EQ(s.counters[5].value, 1U);
  EXPECT_EQ(s.counters[6].value, 400'000'000U) << "task-clock in ns";
  for (std::size_t i = 1; i < 7; ++i) {
    EXPECT_EQ(s.counters[i].time_enabled, 500'000U) << i;
    EXPECT_EQ(s.counters[i].time_running, 500'000U) << i << ": never multiplexed";
  }
  EXPECT_EQ(accounting.migration_reads, 2) << "/proc/self/sched read at the go and at the sample";
}

TEST(CounterSetAccounting, ACountThatGoesBackReadsZeroNotAHugeNumber) {
  FakePerfApi api;
  auto owned = std::make_unique<FakeAccounting>();
  FakeAccounting& accounting = *owned;
  CounterSet set = CounterSet::open(api, default_set(), root_with_pmu(), std::move(owned));
  accounting.now = counts(1'000, 50, 0, 10, 0, 1'000);
  set.enable();
  accounting.now = counts(2'000, 40, 0, 10, 0, 1'000);
  Sample s;
  set.read_into(s);
  EXPECT_EQ(s.counters[2].value, 0U);
}

TEST(CounterSetAccounting, UserOnlyRequestsGoToPerfWhichCanLeaveTheKernelOut) {
  FakePerfApi api;
  std::vector<CounterRequest> requests = default_set();
  for (CounterRequest& r : requests) r.attr.exclude_kernel = 1;
  const CounterSet set = CounterSet::open(api, requests, root_with_pmu(), std::make_unique<FakeAccounting>());
  EXPECT_EQ(api.opens.size(), 7U);
  for (const CounterInfo& info : set.infos()) EXPECT_EQ(info.state, CounterState::user_only) << info.name;
}

TEST(CounterSetAccounting, MigrationsGoToPerfWhenTheKernelHasNoSchedFile) {
  FakePerfApi api;
  auto owned = std::make_unique<FakeAccounting>();
  owned->migrations = false;
  FakeAccounting& accounting = *owned;
  CounterSet set = CounterSet::open(api, default_set(), root_with_pmu(), std::move(owned));
  ASSERT_EQ(api.opens.size(), 2U);
  EXPECT_EQ(api.opens[1].attr.config, static_cast<std::uint64_t>(PERF_COUNT_SW_CPU_MIGRATIONS));
  set.enable();
  Sample s;
  set.read_into(s);
  EXPECT_EQ(accounting.migration_reads, 0);
  EXPECT_EQ(accounting.reads, 2);
}

TEST(CounterSetAccounting, WithoutAccountingEverySoftwareEventIsAPerfEvent) {
  FakePerfApi api;
  const CounterSet set = CounterSet::open(api, default_set(), root_with_pmu());
  EXPECT_EQ(api.opens.size(), 7U);
}

TEST(CounterSetAccounting, AMovedSetKeepsReadingItsAccounting) {
  FakePerfApi api;
  auto owned = std::make_unique<FakeAccounting>();
  FakeAccounting& accounting = *owned;
  CounterSet original = CounterSet::open(api, default_set(), root_with_pmu(), std::move(owned));
  original.enable();
  CounterSet moved(std::move(original));
  accounting.now = counts(10, 0, 0, 7, 0, 0);
  Sample s;
  moved.read_into(s);
  EXPECT_EQ(s.counters[4].value, 7U);
}

TEST(AccountedEvent, OnlySoftwareEventsTheKernelAccountsForUserAndKernel) {
  perf_event_attr attr{};
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
  EXPECT_EQ(accounted_event(attr), AccountedEvent::context_switches);
  attr.config = PERF_COUNT_SW_CPU_CLOCK;
  EXPECT_EQ(accounted_event(attr), std::nullopt) << "cpu-clock is a perf timer, not an accounted count";
  attr.config = PERF_COUNT_SW_PAGE_FAULTS;
  attr.exclude_user = 1;
  EXPECT_EQ(accounted_event(attr), std::nullopt) << "kernel-only";
  attr.type = PERF_TYPE_HARDWARE;
  attr.exclude_user = 0;
  EXPECT_EQ(accounted_event(attr), std::nullopt);
}

}  // namespace
}  // namespace pipetop

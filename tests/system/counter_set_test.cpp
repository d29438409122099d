// CounterSet through a scripted perf_event_open: the no-PMU, paranoid, busy and multiplexed paths, the
// group layout, the one-read-per-group sampling and the bookkeeping of fds, all without a PMU.

#include "pipetop/system/counter_set.hpp"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <cerrno>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "counter_requests.hpp"
#include "fake_perf_api.hpp"

namespace pipetop {
namespace {

using testing::FakePerfApi;
using testing::hw;
using testing::sw;

constexpr std::uint64_t kGroupFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

CounterRequest cycles() {
  return hw("cycles", PERF_COUNT_HW_CPU_CYCLES);
}
CounterRequest instructions() {
  return hw("instructions", PERF_COUNT_HW_INSTRUCTIONS);
}
CounterRequest dtlb_misses() {
  return hw("dTLB-load-misses",
            PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16),
            PERF_TYPE_HW_CACHE);
}
CounterRequest page_faults() {
  return sw("page-faults", PERF_COUNT_SW_PAGE_FAULTS);
}
CounterRequest context_switches() {
  return sw("context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES);
}
CounterRequest task_clock() {
  return sw("task-clock", PERF_COUNT_SW_TASK_CLOCK);
}

// An unprivileged user on a paranoid-2 machine with a PMU.
PerfOpenContext user_context() {
  return testing::paranoid_two_context(false);
}

PerfOpenContext no_pmu_context() {
  PerfOpenContext c = user_context();
  c.privileged = true;
  c.hardware_pmu_present = false;
  return c;
}

bool is_hardware_type(const perf_event_attr& attr) {
  return attr.type == PERF_TYPE_HARDWARE || attr.type == PERF_TYPE_HW_CACHE;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CounterSetFake, NoPmuMakesHardwareUnavailableWhileSoftwareCounts) {
  FakePerfApi api;
  api.set_open_rule([](const perf_event_attr& attr, int, std::size_t) { return is_hardware_type(attr) ? ENOENT : 0; });
  const std::vector<CounterRequest> requests{cycles(), page_faults(), instructions(), context_switches()};
  {
    CounterSet set = CounterSet::open(api, requests, no_pmu_context());

    ASSERT_EQ(set.infos().size(), 4U);
    for (const std::size_t i : {0U, 2U}) {
      EXPECT_EQ(set.infos()[i].name, requests[i].name);
      EXPECT_EQ(set.infos()[i].state, CounterState::unavailable) << requests[i].name;
      EXPECT_TRUE(contains(set.infos()[i].reason, "no hardware PMU")) << set.infos()[i].reason;
    }
    for (const std::size_t i : {1U, 3U}) {
      EXPECT_EQ(set.infos()[i].name, requests[i].name);
      EXPECT_EQ(set.infos()[i].state, CounterState::counting) << requests[i].name;
      EXPECT_EQ(set.infos()[i].reason, "");
    }

    const std::vector<FakePerfApi::OpenCall> ok = api.successful_opens();
    ASSERT_EQ(ok.size(), 2U);
    EXPECT_EQ(ok[0].attr.config, static_cast<std::uint64_t>(PERF_COUNT_SW_PAGE_FAULTS));
    EXPECT_EQ(ok[0].group_fd, -1);
    EXPECT_EQ(ok[1].attr.config, static_cast<std::uint64_t>(PERF_COUNT_SW_CONTEXT_SWITCHES));
    EXPECT_EQ(ok[1].group_fd, ok[0].fd);

    set.enable();
    ASSERT_EQ(api.ioctls.size(), 1U);
    EXPECT_EQ(api.ioctls[0].fd, ok[0].fd);
    EXPECT_EQ(api.ioctls[0].request, static_cast<unsigned long>(PERF_EVENT_IOC_ENABLE));

    api.set_group_payload(ok[0].fd, 500, 500, {7, 9});
    Sample sample;
    set.read_into(sample);
    EXPECT_EQ(api.reads.size(), 1U) << "one read for the one group that opened";
    EXPECT_EQ(sample.counter_count, 4U);
    EXPECT_EQ(sample.counters[0].value, 0U);
    EXPECT_EQ(sample.counters[0].time_enabled, 0U);
    EXPECT_EQ(sample.counters[1].value, 7U);
    EXPECT_EQ(sample.counters[2].value, 0U);
    EXPECT_EQ(sample.counters[3].value, 9U);
    EXPECT_EQ(sample.counters[3].time_enabled, 500U);
  }
  EXPECT_TRUE(api.open_fds().empty());
}

TEST(CounterSetFake, EnoentWithAPmuPresentGivesADifferentReason) {
  FakePerfApi api;
  api.script_open({ENOENT});
  const CounterSet set = CounterSet::open(api, {cycles()}, user_context());
  ASSERT_EQ(set.infos().size(), 1U);
  EXPECT_EQ(set.infos()[0].state, CounterState::unavailable);
  EXPECT_FALSE(contains(set.infos()[0].reason, "no hardware PMU")) << set.infos()[0].reason;
  EXPECT_FALSE(set.infos()[0].reason.empty());
}

TEST(CounterSetFake, ParanoiaRetriesUserOnly) {
  FakePerfApi api;
  api.script_open({EACCES});  // then every open succeeds
  const CounterSet set = CounterSet::open(api, {cycles()}, user_context());

  ASSERT_EQ(api.opens.size(), 2U);
  EXPECT_EQ(api.opens[0].attr.exclude_kernel, 0U);
  EXPECT_EQ(api.opens[1].attr.exclude_kernel, 1U);
  EXPECT_EQ(api.opens[1].attr.exclude_user, 0U);
  EXPECT_EQ(api.opens[1].group_fd, -1);
  EXPECT_EQ(api.opens[1].attr.config, api.opens[0].attr.config);
  ASSERT_EQ(set.infos().size(), 1U);
  EXPECT_EQ(set.infos()[0].state, CounterState::user_only);
  EXPECT_TRUE(contains(set.infos()[0].reason, "perf_event_paranoid=2")) << set.infos()[0].reason;
}

TEST(CounterSetFake, ParanoiaRetryOfAMemberStaysInItsGroup) {
  FakePerfApi api;
  api.script_open({0, EACCES, 0});  // the leader opens, the member is refused the kernel once
  const CounterSet set = CounterSet::open(api, {page_faults(), context_switches()}, user_context());
  ASSERT_EQ(api.opens.size(), 3U);
  EXPECT_EQ(api.opens[1].group_fd, api.opens[0].fd);
  EXPECT_EQ(api.opens[2].group_fd, api.opens[0].fd);
  EXPECT_EQ(api.opens[2].attr.exclude_kernel, 1U);
  EXPECT_EQ(api.opens[2].attr.disabled, 0U);
  EXPECT_EQ(set.infos()[0].state, CounterState::counting);
  EXPECT_EQ(set.infos()[1].state, CounterState::user_only);
}

TEST(CounterSetFake, ParanoiaThatRefusesUserOnlyTooIsUnavailableAfterOneRetry) {
  FakePerfApi api;
  api.set_open_rule([](const perf_event_attr&, int, std::size_t) { return EACCES; });
  const CounterSet set = CounterSet::open(api, {cycles()}, user_context());
  EXPECT_EQ(api.opens.size(), 2U) << "one retry user-only, then give up";
  EXPECT_EQ(set.infos()[0].state, CounterState::unavailable);
  EXPECT_TRUE(contains(set.infos()[0].reason, "perf_event_paranoid=2")) << set.infos()[0].reason;
}

TEST(CounterSetFake, PrivilegedDenialIsNotRetriedUserOnly) {
  FakePerfApi api;
  api.script_open({EACCES});
  PerfOpenContext context = user_context();
  context.privileged = true;
  const CounterSet set = CounterSet::open(api, {cycles()}, context);
  EXPECT_EQ(api.opens.size(), 1U);
  EXPECT_EQ(set.infos()[0].state, CounterState::unavailable);
}

TEST(CounterSetFake, AskedUserOnlyIsMarkedSoWithoutARetry) {
  FakePerfApi api;
  CounterRequest request = cycles();
  request.attr.exclude_kernel = 1;
  const CounterSet set = CounterSet::open(api, {request}, user_context());
  ASSERT_EQ(api.opens.size(), 1U);
  EXPECT_EQ(api.opens[0].attr.exclude_kernel, 1U);
  EXPECT_EQ(set.infos()[0].state, CounterState::user_only);
  EXPECT_EQ(set.infos()[0].reason, "--user-only");
}

TEST(CounterSetFake, EintrOnOpenIsRetried) {
  FakePerfApi api;
  api.script_open({EINTR, EINTR});
  const CounterSet set = CounterSet::open(api, {page_faults()}, user_context());
  ASSERT_EQ(api.opens.size(), 3U);
  EXPECT_EQ(api.opens[2].fd, FakePerfApi::kFirstFd);
  for (const FakePerfApi::OpenCall& call : api.opens) {
    EXPECT_EQ(call.attr.config, static_cast<std::uint64_t>(PERF_COUNT_SW_PAGE_FAULTS));
    EXPECT_EQ(call.attr.exclude_kernel, 0U) << "EINTR is not a reason to drop the kernel";
  }
  EXPECT_EQ(set.infos()[0].state, CounterState::counting);
}

TEST(CounterSetFake, BusyAndTooManyFilesAreUnavailableWithDistinctReasons) {
  FakePerfApi api;
  api.script_open({EBUSY, EMFILE});
  {
    CounterSet set = CounterSet::open(api, {cycles(), page_faults()}, user_context());
    ASSERT_EQ(set.infos().size(), 2U);
    EXPECT_EQ(api.opens.size(), 2U) << "neither is retried";
    EXPECT_EQ(set.infos()[0].state, CounterState::unavailable);
    EXPECT_EQ(set.infos()[1].state, CounterState::unavailable);
    EXPECT_TRUE(contains(set.infos()[0].reason, "busy")) << set.infos()[0].reason;
    EXPECT_TRUE(contains(set.infos()[1].reason, "ulimit")) << set.infos()[1].reason;
    EXPECT_NE(set.infos()[0].reason, set.infos()[1].reason);

    Sample sample;
    set.read_into(sample);  // nothing to read
    (void)sample;
  }
  EXPECT_TRUE(api.reads.empty());
  EXPECT_TRUE(api.closes.empty());
}

TEST(CounterSetFake, HardwareAndSoftwareEventsFormOneGroupEach) {
  FakePerfApi api;
  const std::vector<CounterRequest> requests{cycles(),           page_faults(), instructions(),
                                             context_switches(), dtlb_misses(), task_clock()};
  CounterSet set = CounterSet::open(api, requests, user_context());
  ASSERT_EQ(api.opens.size(), 6U);
  for (const FakePerfApi::OpenCall& call : api.opens) ASSERT_GE(call.fd, 0);

  const int hw_leader = api.opens[0].fd;
  const int sw_leader = api.opens[1].fd;
  EXPECT_EQ(api.opens[0].group_fd, -1);
  EXPECT_EQ(api.opens[1].group_fd, -1);
  EXPECT_EQ(api.opens[0].attr.disabled, 1U);
  EXPECT_EQ(api.opens[1].attr.disabled, 1U);
  for (const std::size_t i : {2U, 4U}) {
    EXPECT_EQ(api.opens[i].group_fd, hw_leader) << requests[i].name;
    EXPECT_EQ(api.opens[i].attr.disabled, 0U) << requests[i].name;
  }
  for (const std::size_t i : {3U, 5U}) {
    EXPECT_EQ(api.opens[i].group_fd, sw_leader) << requests[i].name;
    EXPECT_EQ(api.opens[i].attr.disabled, 0U) << requests[i].name;
  }
  for (std::size_t i = 0; i < api.opens.size(); ++i) {
    EXPECT_EQ(api.opens[i].attr.read_format, kGroupFormat) << requests[i].name;
    EXPECT_EQ(api.opens[i].attr.type, requests[i].attr.type) << requests[i].name;
    EXPECT_EQ(api.opens[i].attr.config, requests[i].attr.config) << requests[i].name;
    EXPECT_EQ(api.opens[i].attr.inherit, 0U) << "counts the worker itself only";
    EXPECT_EQ(set.infos()[i].state, CounterState::counting) << requests[i].name;
  }

  set.enable();
  ASSERT_EQ(api.ioctls.size(), 2U) << "one per group leader";
  std::set<int> enabled;
  for (const FakePerfApi::IoctlCall& call : api.ioctls) {
    EXPECT_EQ(call.request, static_cast<unsigned long>(PERF_EVENT_IOC_ENABLE));
    enabled.insert(call.fd);
  }
  EXPECT_EQ(enabled, (std::set<int>{hw_leader, sw_leader}));

  // Values come back per group in open order; the sample has them in request order.
  api.set_group_payload(hw_leader, 1000, 1000, {11, 22, 33});  // cycles, instructions, dTLB
  api.set_group_payload(sw_leader, 2000, 1900, {44, 55, 66});  // page-faults, context-switches, task-clock
  Sample sample;
  set.read_into(sample);
  ASSERT_EQ(api.reads.size(), 2U) << "exactly one read per group";
  EXPECT_EQ(api.reads_of(hw_leader), 1U);
  EXPECT_EQ(api.reads_of(sw_leader), 1U);
  for (const FakePerfApi::ReadCall& r : api.reads) EXPECT_EQ(r.length, 6U * sizeof(std::uint64_t));
  EXPECT_EQ(sample.counter_count, 6U);
  const std::vector<std::uint64_t> expected_values{11, 44, 22, 55, 33, 66};
  const std::vector<std::uint64_t> expected_enabled{1000, 2000, 1000, 2000, 1000, 2000};
  const std::vector<std::uint64_t> expected_running{1000, 1900, 1000, 1900, 1000, 1900};
  for (std::size_t i = 0; i < expected_values.size(); ++i) {
    EXPECT_EQ(sample.counters[i].value, expected_values[i]) << requests[i].name;
    EXPECT_EQ(sample.counters[i].time_enabled, expected_enabled[i]) << requests[i].name;
    EXPECT_EQ(sample.counters[i].time_running, expected_running[i]) << requests[i].name;
  }
  for (std::size_t i = expected_values.size(); i < kMaxCounters; ++i) EXPECT_EQ(sample.counters[i].value, 0U);
}

TEST(CounterSetFake, GroupTooBigStartsANewHardwareGroup) {
  FakePerfApi api;
  // A PMU that fits two events per group: adding a third member is refused with EINVAL.
  std::map<int, int> members;
  api.set_open_rule([&members](const perf_event_attr&, int group_fd, std::size_t) {
    if (group_fd < 0) return 0;
    if (members[group_fd] >= 1) return EINVAL;
    ++members[group_fd];
    return 0;
  });
  const std::vector<CounterRequest> requests{cycles(), instructions(), dtlb_misses(),
                                             hw("iTLB-load-misses", 0x10004, PERF_TYPE_HW_CACHE)};
  CounterSet set = CounterSet::open(api, requests, user_context());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(set.infos()[i].state, CounterState::counting) << requests[i].name;
  }
  const std::vector<FakePerfApi::OpenCall> ok = api.successful_opens();
  ASSERT_EQ(ok.size(), 4U);
  EXPECT_EQ(ok[0].group_fd, -1);
  EXPECT_EQ(ok[1].group_fd, ok[0].fd);
  EXPECT_EQ(ok[2].group_fd, -1) << "dTLB-load-misses leads a new group";
  EXPECT_EQ(ok[2].attr.disabled, 1U);
  EXPECT_EQ(ok[2].attr.config, requests[2].attr.config);
  EXPECT_EQ(ok[3].group_fd, ok[2].fd) << "later events join the newest group";
  EXPECT_EQ(ok[3].attr.disabled, 0U);
  // The refused attempt was made as a member of the first group.
  ASSERT_EQ(api.opens.size(), 5U);
  EXPECT_EQ(api.opens[2].group_fd, ok[0].fd);
  EXPECT_EQ(api.opens[2].err, EINVAL);

  set.enable();
  ASSERT_EQ(api.ioctls.size(), 2U);
  EXPECT_EQ(api.ioctls[0].fd, ok[0].fd);
  EXPECT_EQ(api.ioctls[1].fd, ok[2].fd);

  api.set_group_payload(ok[0].fd, 1000, 500, {100, 200});
  api.set_group_payload(ok[2].fd, 1000, 400, {3, 4});
  Sample sample;
  set.read_into(sample);
  EXPECT_EQ(api.reads.size(), 2U);
  EXPECT_EQ(sample.counters[0].value, 100U);
  EXPECT_EQ(sample.counters[1].value, 200U);
  EXPECT_EQ(sample.counters[2].value, 3U);
  EXPECT_EQ(sample.counters[3].value, 4U);
  EXPECT_EQ(sample.counters[1].time_running, 500U);
  EXPECT_EQ(sample.counters[3].time_running, 400U);
}

TEST(CounterSetFake, InvalidLoneHardwareEventIsUnavailable) {
  FakePerfApi api;
  api.script_open({EINVAL});
  const CounterSet set = CounterSet::open(api, {cycles(), instructions()}, user_context());
  EXPECT_EQ(set.infos()[0].state, CounterState::unavailable);
  EXPECT_TRUE(contains(set.infos()[0].reason, "invalid")) << set.infos()[0].reason;
  EXPECT_EQ(set.infos()[1].state, CounterState::counting);
  ASSERT_EQ(api.opens.size(), 2U);
  EXPECT_EQ(api.opens[1].group_fd, -1) << "the next event leads the group instead";
}

TEST(CounterSetFake, FailedOrShortReadsKeepThePreviousReadings) {
  FakePerfApi api;
  CounterSet set = CounterSet::open(api, {page_faults(), context_switches()}, user_context());
  const int leader = api.opens[0].fd;
  set.enable();

  Sample sample;
  api.set_group_payload(leader, 100, 100, {10, 20});
  set.read_into(sample);
  EXPECT_EQ(sample.counters[0].value, 10U);
  EXPECT_EQ(sample.counters[1].value, 20U);

  api.set_group_payload(leader, 200, 200, {15, 25});
  const auto expect_previous = [&](const char* what) {
    Sample s;
    set.read_into(s);
    EXPECT_EQ(s.counter_count, 2U) << what;
    EXPECT_EQ(s.counters[0].value, 10U) << what;
    EXPECT_EQ(s.counters[1].value, 20U) << what;
    EXPECT_EQ(s.counters[0].time_enabled, 100U) << what;
    EXPECT_EQ(s.counters[1].time_running, 100U) << what;
  };
  api.script_read(leader, {{0, sizeof(std::uint64_t)}});
  expect_previous("short read");
  api.script_read(leader, {{EIO, 0}});
  expect_previous("read error");
  api.script_read(leader, {{0, 5 * sizeof(std::uint64_t)}});
  expect_previous("zero-byte read");
  // A payload claiming a different number of values than the group has.
  api.set_raw_payload(leader, {3, 200, 200, 15, 25});
  expect_previous("wrong value count");

  api.set_group_payload(leader, 200, 200, {15, 25});
  set.read_into(sample);
  EXPECT_EQ(sample.counters[0].value, 15U);
  EXPECT_EQ(sample.counters[1].value, 25U);
  EXPECT_EQ(sample.counters[0].time_enabled, 200U);
}

TEST(CounterSetFake, AFailedGroupDoesNotHoldBackTheOthers) {
  FakePerfApi api;
  CounterSet set = CounterSet::open(api, {cycles(), page_faults()}, user_context());
  const int hw_leader = api.opens[0].fd;
  const int sw_leader = api.opens[1].fd;
  api.set_group_payload(hw_leader, 10, 10, {1000});
  api.set_group_payload(sw_leader, 10, 10, {1});
  Sample sample;
  set.read_into(sample);
  api.set_group_payload(hw_leader, 20, 20, {2000});
  api.set_group_payload(sw_leader, 20, 20, {2});
  api.script_read(hw_leader, {{EIO, 0}});
  set.read_into(sample);
  EXPECT_EQ(sample.counters[0].value, 1000U) << "kept";
  EXPECT_EQ(sample.counters[1].value, 2U) << "updated";
}

TEST(CounterSetFake, EintrOnReadIsRetried) {
  FakePerfApi api;
  CounterSet set = CounterSet::open(api, {page_faults()}, user_context());
  const int leader = api.opens[0].fd;
  api.set_group_payload(leader, 300, 300, {42});
  api.script_read(leader, {{EINTR, 0}, {EINTR, 0}});
  Sample sample;
  set.read_into(sample);
  EXPECT_EQ(api.reads_of(leader), 3U);
  EXPECT_EQ(sample.counters[0].value, 42U);
  EXPECT_EQ(sample.counters[0].time_enabled, 300U);
}

TEST(CounterSetFake, MultiplexedAndNeverRunReadingsArePassedThroughUnscaled) {
  FakePerfApi api;
  CounterSet set = CounterSet::open(api, {cycles(), instructions(), page_faults()}, user_context());
  const std::vector<FakePerfApi::OpenCall> ok = api.successful_opens();
  ASSERT_EQ(ok.size(), 3U);
  api.set_group_payload(ok[0].fd, 1'000'000, 250'000, {4000, 6000});  // ran a quarter of the time
  api.set_group_payload(ok[2].fd, 1'000'000, 0, {0});                 // never got on
  Sample sample;
  set.read_into(sample);
  EXPECT_EQ(sample.counters[0].value, 4000U) << "scaling is core's job, not the counter set's";
  EXPECT_EQ(sample.counters[0].time_enabled, 1'000'000U);
  EXPECT_EQ(sample.counters[0].time_running, 250'000U);
  EXPECT_EQ(sample.counters[1].value, 6000U);
  EXPECT_EQ(sample.counters[1].time_running, 250'000U);
  EXPECT_EQ(sample.counters[2].value, 0U);
  EXPECT_EQ(sample.counters[2].time_enabled, 1'000'000U);
  EXPECT_EQ(sample.counters[2].time_running, 0U);
}

TEST(CounterSetFake, AtMostMaxCountersAreOpened) {
  FakePerfApi api;
  std::vector<CounterRequest> requests;
  for (std::size_t i = 0; i < kMaxCounters + 5; ++i) requests.push_back(sw("sw" + std::to_string(i), i % 10));
  CounterSet set = CounterSet::open(api, requests, user_context());
  EXPECT_EQ(set.infos().size(), kMaxCounters);
  EXPECT_EQ(api.opens.size(), kMaxCounters);
  Sample sample;
  set.read_into(sample);
  EXPECT_EQ(sample.counter_count, kMaxCounters);
}

TEST(CounterSetFake, DestructorClosesEveryOpenedFdOnce) {
  FakePerfApi api;
  api.script_open({0, 0, ENOENT, 0, 0});
  std::vector<int> opened;
  {
    const CounterSet set = CounterSet::open(
        api, {cycles(), instructions(), dtlb_misses(), page_faults(), context_switches()}, user_context());
    for (const FakePerfApi::OpenCall& call : api.successful_opens()) opened.push_back(call.fd);
    ASSERT_EQ(opened.size(), 4U);
    EXPECT_TRUE(api.closes.empty());
  }
  std::multiset<int> closed(api.closes.begin(), api.closes.end());
  EXPECT_EQ(closed, std::multiset<int>(opened.begin(), opened.end()));
  EXPECT_TRUE(api.open_fds().empty());
}

TEST(CounterSetFake, MovedFromSetClosesNothing) {
  FakePerfApi api;
  {
    CounterSet original = CounterSet::open(api, {cycles(), page_faults()}, user_context());
    api.set_group_payload(api.opens[1].fd, 5, 5, {9});
    Sample before;
    original.read_into(before);
    {
      CounterSet moved(std::move(original));
      EXPECT_EQ(moved.infos().size(), 2U);
      Sample after;
      moved.read_into(after);
      EXPECT_EQ(after.counters[1].value, 9U);
    }
    EXPECT_EQ(api.closes.size(), 2U) << "the new owner closed both";
    EXPECT_TRUE(api.open_fds().empty());
  }
  EXPECT_EQ(api.closes.size(), 2U) << "the moved-from set closed nothing more";
}

// The user's program's counters, opened from outside on its pid: perf events in the same groups,
// inherited by the processes it starts from then on.
TEST(CounterSetFake, OnAnotherProcessEveryEventIsAnInheritedPerfEventOnItsPid) {
  FakePerfApi api;
  {
    CounterSet set = CounterSet::open_process(api, 4242, {cycles(), page_faults(), context_switches()}, user_context());
    ASSERT_EQ(api.opens.size(), 3U);
    for (const FakePerfApi::OpenCall& call : api.opens) {
      EXPECT_EQ(call.pid, 4242);
      EXPECT_EQ(call.attr.inherit, 1U);
    }
    EXPECT_EQ(api.opens[0].group_fd, -1) << "the hardware group's leader";
    EXPECT_EQ(api.opens[1].group_fd, -1) << "the software group's leader";
    EXPECT_EQ(api.opens[2].group_fd, api.opens[1].fd) << "a member of the software group";
    set.enable();
    api.set_group_payload(api.opens[1].fd, 700, 700, {5, 9});
    Sample s;
    set.read_into(s);
    EXPECT_EQ(s.counters[1].value, 5U);
    EXPECT_EQ(s.counters[2].value, 9U);
  }
  EXPECT_TRUE(api.open_fds().empty());
}

TEST(CounterSetFake, AnotherUsersProcessIsNotPermittedWithTheReason) {
  FakePerfApi api;
  api.set_open_rule([](const perf_event_attr&, int, std::size_t) { return EACCES; });
  PerfOpenContext context = user_context();
  context.other_users_process = true;
  const CounterSet set = CounterSet::open_process(api, 1, {context_switches()}, context);
  ASSERT_EQ(set.infos().size(), 1U);
  EXPECT_EQ(set.infos()[0].state, CounterState::unavailable);
  EXPECT_EQ(set.infos()[0].problem, CounterProblem::not_permitted);
  EXPECT_TRUE(contains(set.infos()[0].reason, "another user's process")) << set.infos()[0].reason;
  EXPECT_EQ(api.opens.size(), 1U) << "no user-only retry: the process is simply not ours";
}

}  // namespace
}  // namespace pipetop

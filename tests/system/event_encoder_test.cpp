// Event names through libpfm4: the generic perf names encode to the kernel's generic types (with or
// without a PMU), typos are usage errors with suggestions, and the perf PMU's events are listed.

#include "pipetop/system/event_encoder.hpp"

#include <gtest/gtest.h>
#include <linux/perf_event.h>

#include <algorithm>
#include <string>
#include <vector>

namespace pipetop {
namespace {

constexpr std::uint64_t kDtlbReadMiss =
    PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16);

CounterRequest encoded(const std::string& name, bool user_only = false) {
  Result<CounterRequest> r = encode_event(name, user_only);
  EXPECT_TRUE(r) << name << ": " << (r ? "" : r.error().message);
  return r ? *r : CounterRequest{};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(EventEncoder, CyclesIsTheGenericHardwareEvent) {
  const CounterRequest r = encoded("cycles");
  EXPECT_EQ(r.name, "cycles");
  EXPECT_EQ(r.attr.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(r.attr.config, static_cast<std::uint64_t>(PERF_COUNT_HW_CPU_CYCLES));
  EXPECT_EQ(r.attr.size, sizeof(perf_event_attr));
  EXPECT_TRUE(r.hardware);
}

TEST(EventEncoder, InstructionsIsTheGenericHardwareEvent) {
  const CounterRequest r = encoded("instructions");
  EXPECT_EQ(r.attr.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(r.attr.config, static_cast<std::uint64_t>(PERF_COUNT_HW_INSTRUCTIONS));
  EXPECT_TRUE(r.hardware);
}

TEST(EventEncoder, DtlbLoadMissesIsAHardwareCacheEvent) {
  const CounterRequest r = encoded("dTLB-load-misses");
  EXPECT_EQ(r.attr.type, static_cast<std::uint32_t>(PERF_TYPE_HW_CACHE));
  EXPECT_EQ(r.attr.config, kDtlbReadMiss);
  EXPECT_TRUE(r.hardware);
}

TEST(EventEncoder, KernelSoftwareEventsAreNotHardware) {
  struct Case {
    const char* name;
    std::uint64_t config;
  };
  for (const Case& c :
       {Case{"page-faults", PERF_COUNT_SW_PAGE_FAULTS}, Case{"minor-faults", PERF_COUNT_SW_PAGE_FAULTS_MIN},
        Case{"major-faults", PERF_COUNT_SW_PAGE_FAULTS_MAJ}, Case{"context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES},
        Case{"cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS}, Case{"task-clock", PERF_COUNT_SW_TASK_CLOCK}}) {
    const CounterRequest r = encoded(c.name);
    EXPECT_EQ(r.attr.type, static_cast<std::uint32_t>(PERF_TYPE_SOFTWARE)) << c.name;
    EXPECT_EQ(r.attr.config, c.config) << c.name;
    EXPECT_FALSE(r.hardware) << c.name;
  }
}

TEST(EventEncoder, PerfPmuNamesEncodeLikeTheGenericOnes) {
  const CounterRequest cs = encoded("perf::PERF_COUNT_SW_CONTEXT_SWITCHES");
  EXPECT_EQ(cs.name, "perf::PERF_COUNT_SW_CONTEXT_SWITCHES");
  EXPECT_EQ(cs.attr.type, static_cast<std::uint32_t>(PERF_TYPE_SOFTWARE));
  EXPECT_EQ(cs.attr.config, static_cast<std::uint64_t>(PERF_COUNT_SW_CONTEXT_SWITCHES));
  EXPECT_FALSE(cs.hardware);

  const CounterRequest cyc = encoded("perf::PERF_COUNT_HW_CPU_CYCLES");
  EXPECT_EQ(cyc.attr.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(cyc.attr.config, static_cast<std::uint64_t>(PERF_COUNT_HW_CPU_CYCLES));
  EXPECT_TRUE(cyc.hardware);

  const CounterRequest cycles = encoded("perf::cycles");
  EXPECT_EQ(cycles.attr.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(cycles.attr.config, static_cast<std::uint64_t>(PERF_COUNT_HW_CPU_CYCLES));
}

TEST(EventEncoder, UserOnlyExcludesTheKernelButNotUserSpace) {
  for (const char* name : {"cycles", "dTLB-load-misses", "page-faults", "task-clock"}) {
    const CounterRequest both = encoded(name, false);
    EXPECT_EQ(both.attr.exclude_kernel, 0U) << name;
    EXPECT_EQ(both.attr.exclude_user, 0U) << name;
    const CounterRequest user = encoded(name, true);
    EXPECT_EQ(user.attr.exclude_kernel, 1U) << name;
    EXPECT_EQ(user.attr.exclude_user, 0U) << name;
    EXPECT_EQ(user.attr.type, both.attr.type) << name;
    EXPECT_EQ(user.attr.config, both.attr.config) << name;
  }
}

TEST(EventEncoder, UnknownNameIsAUsageErrorNamingIt) {
  const Result<CounterRequest> r = encode_event("no-such-event-at-all", false);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ExitCode::usage);
  EXPECT_TRUE(contains(r.error().message, "'no-such-event-at-all'")) << r.error().message;
  EXPECT_FALSE(r.error().hint.empty());
}

TEST(EventEncoder, TypoSuggestsTheRealName) {
  const Result<CounterRequest> r = encode_event("cylces", false);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ExitCode::usage);
  EXPECT_TRUE(contains(r.error().message, "cylces")) << r.error().message;
  EXPECT_TRUE(contains(r.error().hint, "did you mean cycles")) << r.error().hint;
}

TEST(EventEncoder, EncodeEventsKeepsOrderAndStopsAtTheFirstBadName) {
  const Result<std::vector<CounterRequest>> good = encode_events({"page-faults", "cycles", "task-clock"}, false);
  ASSERT_TRUE(good) << good.error().message;
  ASSERT_EQ(good->size(), 3U);
  EXPECT_EQ((*good)[0].name, "page-faults");
  EXPECT_EQ((*good)[1].name, "cycles");
  EXPECT_EQ((*good)[2].name, "task-clock");
  EXPECT_TRUE((*good)[1].hardware);

  const Result<std::vector<CounterRequest>> bad =
      encode_events({"cycles", "first-bogus-event", "second-bogus-event"}, false);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ExitCode::usage);
  EXPECT_TRUE(contains(bad.error().message, "first-bogus-event")) << bad.error().message;
  EXPECT_FALSE(contains(bad.error().message, "second-bogus-event")) << bad.error().message;
}

TEST(EventEncoder, ListsThePerfGenericPmuEvents) {
  const std::vector<EventDescription> events = list_pmu_events();
  ASSERT_FALSE(events.empty());
  const auto named = [&events](const std::string& name) {
    return std::find_if(events.begin(), events.end(), [&name](const EventDescription& e) { return e.name == name; });
  };
  for (const char* name : {"perf::PERF_COUNT_HW_CPU_CYCLES", "perf::PERF_COUNT_HW_INSTRUCTIONS",
                           "perf::PERF_COUNT_SW_PAGE_FAULTS", "perf::PERF_COUNT_SW_CONTEXT_SWITCHES"}) {
    const auto it = named(name);
    ASSERT_NE(it, events.end()) << name;
    EXPECT_FALSE(it->description.empty()) << name;
  }
  for (const EventDescription& e : events) {
    EXPECT_NE(e.name.find("::"), std::string::npos) << e.name;
  }
}

}  // namespace
}  // namespace pipetop

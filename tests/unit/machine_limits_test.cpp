// What the machine facts decide: validate()'s limits, the perf context, the allowed CPUs with their
// places, and default pinning through them.

#include "pipetop/core/machine/machine_limits.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

MachineFacts two_cpus_in_a_cpuset_of_one() {
  MachineFacts f;
  f.topology = {{0, 0, 0, 0}, {1, 0, 1, 0}};
  f.allowed = intersect_allowed_cpus({0, 1}, std::vector<int>{0, 1}, std::vector<int>{1});
  return f;
}

TEST(MachineLimitsFromFacts, DefaultsWhenUnknown) {
  const MachineLimits l = machine_limits(MachineFacts{});
  EXPECT_EQ(l.page_bytes, 4096u);
  EXPECT_EQ(l.pipe_max_bytes, 1024u * 1024);
  EXPECT_FALSE(l.may_exceed_pipe_max);
  EXPECT_TRUE(l.online_cpus.empty());
  EXPECT_TRUE(l.allowed_cpus.empty());
}

TEST(MachineLimitsFromFacts, KnownFactsAreCarried) {
  MachineFacts f = two_cpus_in_a_cpuset_of_one();
  f.page_bytes = 65536;
  f.pipe_max_bytes = 4 * 1024 * 1024;
  f.pipe_privileged = true;
  f.privileged = false;
  const MachineLimits l = machine_limits(f);
  EXPECT_EQ(l.page_bytes, 65536u);
  EXPECT_EQ(l.pipe_max_bytes, 4u * 1024 * 1024);
  EXPECT_TRUE(l.may_exceed_pipe_max) << "CAP_SYS_RESOURCE, not perf privilege";
  EXPECT_EQ(l.online_cpus, (std::vector<int>{0, 1}));
  EXPECT_EQ(l.allowed_cpus, (std::vector<int>{1}));
  EXPECT_EQ(l.allowed_by, "cpuset");
  f.pipe_max_bytes = 0;  // nonsense from the file: keep the default
  EXPECT_EQ(machine_limits(f).pipe_max_bytes, 1024u * 1024);
}

TEST(PerfOpenContextFromFacts, ParanoiaPrivilegeAndPmu) {
  MachineFacts f;
  EXPECT_EQ(perf_open_context(f).paranoid, 2);
  EXPECT_TRUE(perf_open_context(f).hardware_pmu_present) << "nothing listed: assume a PMU";
  f.event_sources_listed = true;
  EXPECT_FALSE(perf_open_context(f).hardware_pmu_present);
  f.hardware_pmu = true;
  f.perf_paranoid = -1;
  f.privileged = true;
  const PerfOpenContext c = perf_open_context(f);
  EXPECT_TRUE(c.hardware_pmu_present);
  EXPECT_EQ(c.paranoid, -1);
  EXPECT_TRUE(c.privileged);
}

TEST(ProfileFactsFromFacts, TheMachineReadersFactsOrTheCautiousDefaults) {
  MachineFacts f;
  ProfileFacts p = profile_facts(f);
  EXPECT_EQ(p.paranoid, 2);
  EXPECT_EQ(p.kptr_restrict, 1);
  EXPECT_FALSE(p.perfmon);
  EXPECT_FALSE(p.syslog);
  EXPECT_FALSE(p.hardware_pmu);
  EXPECT_EQ(p.max_sample_rate_hz, 100000);
  EXPECT_EQ(p.max_stack_frames, 127);
  f.perf_paranoid = 1;
  f.kptr_restrict = 0;
  f.privileged = true;
  f.syslog_privileged = true;
  f.hardware_pmu = true;
  f.perf_max_sample_rate_hz = 25000;
  f.perf_max_stack = 32;
  p = profile_facts(f);
  EXPECT_EQ(p.paranoid, 1);
  EXPECT_EQ(p.kptr_restrict, 0);
  EXPECT_TRUE(p.perfmon);
  EXPECT_TRUE(p.syslog);
  EXPECT_TRUE(p.hardware_pmu);
  EXPECT_EQ(p.max_sample_rate_hz, 25000);
  EXPECT_EQ(p.max_stack_frames, 32);
}

TEST(AllowedPlaces, TheAllowedCpusWithTheirPlaces) {
  EXPECT_EQ(allowed_places(two_cpus_in_a_cpuset_of_one()), (std::vector<CpuPlace>{{1, 0, 1, 0}}));
}

TEST(DefaultPinningFromFacts, UsesTheAllowedCpusAndSaysWhy) {
  const PinningChoice p = default_pinning(two_cpus_in_a_cpuset_of_one());
  EXPECT_EQ(p.cpus, (CpuPair{1, 1}));
  EXPECT_EQ(p.reason, "cpu 1→1: only CPU 1 is allowed here (cpuset), writer and reader share it");
  EXPECT_EQ(default_pinning(two_cpus_in_a_cpuset_of_one(), 1, std::nullopt).cpus, (CpuPair{1, 1}));
}

}  // namespace
}  // namespace pipetop

// /proc/stat's cpu lines and the steal of chosen CPUs between two readings.

#include "pipetop/core/machine/cpu_ticks.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

// A 2-vCPU VM's /proc/stat (Linux 6.x: ten fields a line), trimmed.
constexpr const char* kBefore =
    "cpu  356500 74134 72304 81531 1444 0 292 2159 0 0\n"
    "cpu0 175506 37893 33400 45827 454 0 78 1047 0 0\n"
    "cpu1 180994 36240 38903 35703 989 0 214 1111 0 0\n"
    "intr 4607876 0 0 0\n"
    "ctxt 10865757\n";
// 50 ticks later on each CPU: CPU 0 had 5 of its ticks stolen, CPU 1 none.
constexpr const char* kAfter =
    "cpu  356590 74134 72304 81531 1444 0 292 2164 0 0\n"
    "cpu0 175551 37893 33400 45827 454 0 78 1052 0 0\n"
    "cpu1 181044 36240 38903 35703 989 0 214 1111 0 0\n";

TEST(CpuTicks, ReadsEveryCpuLine) {
  const Result<CpuTickTable> t = parse_cpu_ticks(kBefore);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->all.user, 356500u);
  EXPECT_EQ(t->all.steal, 2159u);
  ASSERT_EQ(t->cpus.size(), 2u);
  ASSERT_NE(t->cpu(1), nullptr);
  EXPECT_EQ(t->cpu(1)->softirq, 214u);
  EXPECT_EQ(t->cpu(1)->total(), 180994u + 36240 + 38903 + 35703 + 989 + 0 + 214 + 1111);
  EXPECT_EQ(t->cpu(2), nullptr);
}

TEST(CpuTicks, OldKernelsWithEightFieldsAndOfflineCpus) {
  const Result<CpuTickTable> t = parse_cpu_ticks("cpu 10 0 5 100 0 0 0 3\ncpu3 10 0 5 100 0 0 0 3\n");
  ASSERT_TRUE(t) << t.error().message;
  ASSERT_EQ(t->cpus.size(), 1u);
  EXPECT_EQ(t->cpus.front().first, 3);
  EXPECT_EQ(t->cpu(3)->steal, 3u);
}

TEST(CpuTicks, MalformedTextIsAnError) {
  for (const char* text : {"", "intr 1 2 3\n", "cpu 1 2 3\n", "cpu  1 2 3 4 5 6 7 8\ncpuX 1 2 3 4 5 6 7 8\n"}) {
    const Result<CpuTickTable> t = parse_cpu_ticks(text);
    ASSERT_FALSE(t) << text;
    EXPECT_NE(t.error().message.find("/proc/stat"), std::string::npos);
  }
}

TEST(CpuTicks, StealOfThePinnedCpusBetweenTwoReadings) {
  const CpuTickTable before = *parse_cpu_ticks(kBefore);
  const CpuTickTable after = *parse_cpu_ticks(kAfter);
  EXPECT_DOUBLE_EQ(*steal_fraction(before, after, std::vector<int>{0}), 5.0 / 50);
  EXPECT_DOUBLE_EQ(*steal_fraction(before, after, std::vector<int>{1}), 0.0);
  EXPECT_DOUBLE_EQ(*steal_fraction(before, after, std::vector<int>{0, 1}), 5.0 / 100);
  EXPECT_DOUBLE_EQ(*steal_fraction(before, after, std::vector<int>{}), 5.0 / 95);  // the "cpu" line
}

TEST(CpuTicks, NoStealWithoutTimeOrWithAMissingCpu) {
  const CpuTickTable before = *parse_cpu_ticks(kBefore);
  EXPECT_FALSE(steal_fraction(before, before, std::vector<int>{0}));
  EXPECT_FALSE(steal_fraction(before, *parse_cpu_ticks(kAfter), std::vector<int>{7}));
  EXPECT_FALSE(steal_fraction(*parse_cpu_ticks(kAfter), before, std::vector<int>{0}));  // backwards
}

}  // namespace
}  // namespace pipetop

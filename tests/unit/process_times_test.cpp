// Where a worker's time went, from the parent's /proc readings, and the words that say a figure was
// disturbed by another program.

#include "pipetop/core/figures/process_times.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/figures/interference.hpp"

namespace pipetop {
namespace {

TEST(ParseSchedstat, RunWaitAndSlices) {
  const std::optional<SchedStat> s = parse_schedstat("123456789 2000 77\n");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->run_ns, 123456789);
  EXPECT_EQ(s->wait_ns, 2000);
  EXPECT_FALSE(parse_schedstat("").has_value());
  EXPECT_FALSE(parse_schedstat("abc 1 2").has_value());
  EXPECT_FALSE(parse_schedstat("-5 1 2").has_value());
}

TEST(ParseStatusSwitches, BothCounts) {
  const std::string status =
      "Name:\tpipetop\nState:\tR (running)\nvoluntary_ctxt_switches:\t120\nnonvoluntary_ctxt_switches:\t7\n";
  const std::optional<SwitchCounts> s = parse_status_switches(status);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->voluntary, 120U);
  EXPECT_EQ(s->involuntary, 7U);
  EXPECT_FALSE(parse_status_switches("voluntary_ctxt_switches:\t1\n").has_value());
}

TEST(CpuWaitFraction, ShareOfTheWallTime) {
  ProcessTimes a;
  a.t_ns = 1'000'000'000;
  a.wait_ns = 100;
  ProcessTimes b = a;
  b.t_ns = 2'000'000'000;
  b.wait_ns = 100 + 250'000'000;
  EXPECT_NEAR(*cpu_wait_fraction(a, b), 0.25, 1e-12);
  EXPECT_FALSE(cpu_wait_fraction(b, a).has_value()) << "backwards";
  EXPECT_FALSE(cpu_wait_fraction(a, a).has_value()) << "no time passed";
  b.wait_ns = 5'000'000'000;  // more waiting than wall time: clamped
  EXPECT_EQ(*cpu_wait_fraction(a, b), 1.0);
}

TEST(Interference, QuietBelowTheThreshold) {
  EXPECT_FALSE(disturbed({0.01, 0.049}));
  EXPECT_FALSE(interference_words({0.01, std::nullopt}, RunConfig{}).has_value());
  EXPECT_FALSE(disturbed({std::nullopt, std::nullopt}));
}

TEST(Interference, NamesTheWorkerItsCpuAndWhatItMeans) {
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  ASSERT_TRUE(disturbed({0.48, 0.01}));
  EXPECT_EQ(*interference_words({0.48, 0.01}, c),
            "the writer (CPU 0) waited for its CPU 48% of the time: another program is competing; these figures are "
            "below what this machine can do");
  EXPECT_EQ(*interference_words({0.0, 0.2}, c),
            "the reader (CPU 1) waited for its CPU 20% of the time: another program is competing; these figures are "
            "below what this machine can do");
  EXPECT_TRUE(interference_words({0.3, 0.2}, c)
                  ->starts_with("the writer (CPU 0) and the reader (CPU 1) waited for their CPUs 30% and 20%"));
  c.writer_cpu = kUnpinned;
  EXPECT_TRUE(interference_words({0.3, 0.0}, c)->starts_with("the writer waited"));
}

}  // namespace
}  // namespace pipetop

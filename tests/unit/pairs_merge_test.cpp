#include "pipetop/core/figures/pairs_merge.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = kNsPerMs;

Sample at(std::int64_t t_ns, std::uint64_t bytes, std::int64_t fill = -1) {
  Sample s;
  s.t_ns = t_ns;
  s.bytes = bytes;
  s.syscalls = bytes / 1024;
  s.pipe_fill = fill;
  return s;
}

TEST(PairsMerge, SumsThePairsWhereEveryPairHasReachedInterpolatingBetweenSamples) {
  PairsMerge merge(2, kNsPerS);
  merge.add(0, WorkerRole::reader, at(0, 0, 100));
  merge.add(1, WorkerRole::reader, at(5 * kMs, 0, 300));
  EXPECT_TRUE(merge.merged(WorkerRole::reader).empty()) << "pair 2 had not begun at pair 1's first sample";
  merge.add(0, WorkerRole::reader, at(10 * kMs, 1000 * kKiB, 100));
  merge.add(1, WorkerRole::reader, at(15 * kMs, 2000 * kKiB, 300));
  // Both reached 10 ms: pair 1 has 1000 KiB there, pair 2 half of its 2000 (5 of its 10 ms).
  const std::vector<Sample> sums = merge.merged(WorkerRole::reader);
  ASSERT_EQ(sums.size(), 1U);
  const Sample* sum = &sums.front();
  EXPECT_EQ(sum->t_ns, 10 * kMs);
  EXPECT_EQ(sum->bytes, 2000 * kKiB);
  EXPECT_EQ(sum->syscalls, 2000U);
  EXPECT_EQ(sum->pipe_fill, 200);  // the mean of the two pipes'
  EXPECT_TRUE(merge.merged(WorkerRole::reader).empty()) << "the instant has not moved";
  EXPECT_TRUE(merge.merged(WorkerRole::writer).empty()) << "no writer sample yet";
}

TEST(PairsMerge, ARestartForgetsThePreviousSegment) {
  PairsMerge merge(1, kNsPerS);
  merge.add(0, WorkerRole::writer, at(0, 0));
  merge.add(0, WorkerRole::writer, at(10 * kMs, 5 * kMiB));
  EXPECT_EQ(merge.merged(WorkerRole::writer).size(), 2U);
  merge.restart();
  EXPECT_TRUE(merge.merged(WorkerRole::writer).empty());
  merge.add(0, WorkerRole::writer, at(20 * kMs, 0));
  const std::vector<Sample> sums = merge.merged(WorkerRole::writer);
  ASSERT_EQ(sums.size(), 1U);
  EXPECT_EQ(sums.front().bytes, 0U);
}

// Every instant of the first pair that all have reached is summed, once: one pair's resolution.
TEST(PairsMerge, SumsAtEachOfTheFirstPairsInstants) {
  PairsMerge merge(2, kNsPerS);
  for (int i = 0; i <= 10; ++i)
    merge.add(0, WorkerRole::reader, at(i * 10 * kMs, static_cast<std::uint64_t>(i) * kMiB));
  merge.add(1, WorkerRole::reader, at(2 * kMs, 0));
  merge.add(1, WorkerRole::reader, at(52 * kMs, 50 * kMiB));
  const std::vector<Sample> sums = merge.merged(WorkerRole::reader);
  ASSERT_EQ(sums.size(), 5U);  // 10, 20, 30, 40, 50 ms: pair 2 had not begun at 0, not reached 60
  EXPECT_EQ(sums.front().t_ns, 10 * kMs);
  EXPECT_EQ(sums.back().t_ns, 50 * kMs);
  EXPECT_EQ(sums.back().bytes, 5 * kMiB + 48 * kMiB);
  merge.add(1, WorkerRole::reader, at(102 * kMs, 100 * kMiB));
  EXPECT_EQ(merge.merged(WorkerRole::reader).size(), 5U);  // 60 to 100 ms, nothing twice
}

TEST(PairsMerge, EachPairsRateIsOverItsLastSecond) {
  PairsMerge merge(2, kNsPerS);
  EXPECT_FALSE(merge.gib_per_s(0));
  for (int i = 0; i <= 300; ++i) {  // 3 s: pair 1 at 1 GiB/s, pair 2 at 1 GiB/s then 3 GiB/s for its last 2 s
    const std::int64_t t = i * 10 * kMs;
    merge.add(0, WorkerRole::reader, at(t, static_cast<std::uint64_t>(i) * kGiB / 100));
    const std::uint64_t two = i <= 100 ? static_cast<std::uint64_t>(i) * kGiB / 100
                                       : kGiB + static_cast<std::uint64_t>(i - 100) * 3 * kGiB / 100;
    merge.add(1, WorkerRole::reader, at(t, two));
    (void)merge.merged(WorkerRole::reader);
  }
  ASSERT_TRUE(merge.gib_per_s(0));
  EXPECT_NEAR(*merge.gib_per_s(0), 1.0, 1e-6);
  EXPECT_NEAR(*merge.gib_per_s(1), 3.0, 1e-6);
  EXPECT_FALSE(merge.gib_per_s(2));
}

TEST(PairsMerge, TheMeanOfTheWorkersTimes) {
  ProcessTimes a;
  a.t_ns = 100;
  a.run_ns = 10;
  a.voluntary_switches = 4;
  ProcessTimes b;
  b.t_ns = 300;
  b.run_ns = 30;
  b.voluntary_switches = 8;
  const ProcessTimes mean = mean_times({a, b});
  EXPECT_EQ(mean.t_ns, 200);
  EXPECT_EQ(mean.run_ns, 20);
  EXPECT_EQ(mean.voluntary_switches, 6U);
}

}  // namespace
}  // namespace pipetop

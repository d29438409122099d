#include "pipetop/core/figures/throughput.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/figures/segment_aggregate.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kSecond = 1'000'000'000;

Sample at(std::int64_t t_ns, std::uint64_t bytes) {
  return Sample{t_ns, bytes, 0, 0};
}

// The headline figures of a segment whose reader sent `samples`.
ThroughputSummary summarize_throughput(const std::vector<Sample>& samples) {
  SegmentAggregate segment(SegmentStart{});
  for (const Sample& s : samples) segment.add(WorkerRole::reader, s);
  return segment.summary().throughput;
}

TEST(BytesToGib, Converts) {
  EXPECT_DOUBLE_EQ(bytes_to_gib(static_cast<double>(kGiB)), 1.0);
  EXPECT_DOUBLE_EQ(bytes_to_gib(static_cast<double>(kGiB / 2)), 0.5);
  EXPECT_DOUBLE_EQ(bytes_to_gib(0), 0.0);
}

TEST(RateBytesPerS, PositiveInterval) {
  auto r = rate_bytes_per_s(at(kSecond, 100), at(3 * kSecond, 100 + 2 * kGiB));
  ASSERT_TRUE(r.has_value());
  EXPECT_DOUBLE_EQ(*r, static_cast<double>(kGiB));
  auto idle = rate_bytes_per_s(at(0, 5), at(10 * kMs, 5));
  ASSERT_TRUE(idle.has_value());
  EXPECT_DOUBLE_EQ(*idle, 0.0);
}

TEST(RateBytesPerS, ZeroIntervalIsNullopt) {
  EXPECT_FALSE(rate_bytes_per_s(at(kSecond, 0), at(kSecond, 1000)).has_value());
}

TEST(RateBytesPerS, NegativeIntervalIsNullopt) {
  EXPECT_FALSE(rate_bytes_per_s(at(2 * kSecond, 0), at(kSecond, 1000)).has_value());
}

TEST(RateBytesPerS, BytesGoingBackwardsIsNullopt) {
  EXPECT_FALSE(rate_bytes_per_s(at(0, 1000), at(kSecond, 999)).has_value());
}

// 101 samples every 100 ms over 10 s. During the first 200 ms (the warm-up) the rate is 1 GiB/s;
// afterwards 88 of the 98 intervals move 4 GiB/s and every 9th interval moves nothing.
std::vector<Sample> synthetic_run() {
  std::vector<Sample> samples;
  std::uint64_t bytes = 0;
  samples.push_back(at(0, 0));
  for (int i = 1; i <= 100; ++i) {
    if (i <= 2) {
      bytes += kGiB / 10;
    } else if ((i - 3) % 9 != 8) {
      bytes += 4 * kGiB / 10;
    }
    samples.push_back(at(i * 100 * kMs, bytes));
  }
  return samples;
}

TEST(SummarizeThroughput, DropsTheWarmupAndComputesMeanAndMedian) {
  const std::vector<Sample> samples = synthetic_run();
  // 10 stalled intervals out of 98 after the warm-up.
  std::uint64_t steady_bytes = samples.back().bytes - samples[2].bytes;
  ASSERT_EQ(steady_bytes, 88 * (4 * kGiB / 10));

  const ThroughputSummary s = summarize_throughput(samples);
  EXPECT_EQ(s.samples, 101u);
  EXPECT_EQ(s.bytes, samples.back().bytes);
  EXPECT_DOUBLE_EQ(s.elapsed_s, 10.0);
  ASSERT_TRUE(s.gib_per_s.has_value());
  // Steady state: 88 * 0.4 GiB over 9.8 s (with the warm-up it would have been 35.4 GiB / 10 s).
  EXPECT_NEAR(*s.gib_per_s, 88 * 0.4 / 9.8, 1e-3);
  ASSERT_TRUE(s.gib_per_s_median.has_value());
  EXPECT_NEAR(*s.gib_per_s_median, 4.0, 4.0 * 5e-4);  // the distribution's 0.05%
}

TEST(SummarizeThroughput, ConstantRate) {
  std::vector<Sample> samples;
  for (int i = 0; i <= 50; ++i)
    samples.push_back(at(1000 * kSecond + i * 10 * kMs, static_cast<std::uint64_t>(i) * 20 * kMiB));
  const ThroughputSummary s = summarize_throughput(samples);
  ASSERT_TRUE(s.gib_per_s.has_value());
  ASSERT_TRUE(s.gib_per_s_median.has_value());
  // 20 MiB per 10 ms = 2000 MiB/s
  EXPECT_NEAR(*s.gib_per_s, 2000.0 / 1024.0, 1e-9);
  EXPECT_NEAR(*s.gib_per_s_median, 2000.0 / 1024.0, 1e-9);
  EXPECT_NEAR(s.elapsed_s, 0.5, 1e-12);
  EXPECT_EQ(s.bytes, 50 * 20 * kMiB);
}

TEST(SummarizeThroughput, TwoSamplesUseTheOnlyInterval) {
  const std::vector<Sample> samples = {at(0, 0), at(kSecond, kGiB)};
  const ThroughputSummary s = summarize_throughput(samples);
  ASSERT_TRUE(s.gib_per_s.has_value());
  EXPECT_DOUBLE_EQ(*s.gib_per_s, 1.0);
  ASSERT_TRUE(s.gib_per_s_median.has_value());
  EXPECT_DOUBLE_EQ(*s.gib_per_s_median, 1.0);
}

TEST(SummarizeThroughput, FewerThanTwoSamplesHaveNoRate) {
  const std::vector<Sample> none;
  const ThroughputSummary empty = summarize_throughput(none);
  EXPECT_EQ(empty.samples, 0u);
  EXPECT_FALSE(empty.gib_per_s.has_value());
  EXPECT_FALSE(empty.gib_per_s_median.has_value());
  EXPECT_EQ(empty.elapsed_s, 0.0);

  const std::vector<Sample> one = {at(5 * kSecond, 123)};
  const ThroughputSummary single = summarize_throughput(one);
  EXPECT_EQ(single.samples, 1u);
  EXPECT_FALSE(single.gib_per_s.has_value());
  EXPECT_FALSE(single.gib_per_s_median.has_value());
  EXPECT_EQ(single.bytes, 0u);
}

void expect_finite(const ThroughputSummary& s) {
  EXPECT_TRUE(std::isfinite(s.elapsed_s));
  if (s.gib_per_s) {
    EXPECT_TRUE(std::isfinite(*s.gib_per_s));
  }
  if (s.gib_per_s_median) {
    EXPECT_TRUE(std::isfinite(*s.gib_per_s_median));
  }
}

TEST(SummarizeThroughput, ZeroElapsedTimeNeverGivesNanOrInf) {
  const std::vector<Sample> samples = {at(kSecond, 0), at(kSecond, 100), at(kSecond, 200)};
  const ThroughputSummary s = summarize_throughput(samples);
  expect_finite(s);
  EXPECT_FALSE(s.gib_per_s.has_value());
  EXPECT_FALSE(s.gib_per_s_median.has_value());
  EXPECT_EQ(s.elapsed_s, 0.0);
}

TEST(SummarizeThroughput, RepeatedTimestampsAreSkippedInTheMedian) {
  // Two samples at the same instant in the middle: that interval has no rate, the rest do.
  const std::vector<Sample> samples = {at(0, 0), at(kSecond, kGiB), at(kSecond, kGiB), at(2 * kSecond, 2 * kGiB),
                                       at(3 * kSecond, 3 * kGiB)};
  const ThroughputSummary s = summarize_throughput(samples);
  expect_finite(s);
  ASSERT_TRUE(s.gib_per_s_median.has_value());
  EXPECT_DOUBLE_EQ(*s.gib_per_s_median, 1.0);
  ASSERT_TRUE(s.gib_per_s.has_value());
  EXPECT_DOUBLE_EQ(*s.gib_per_s, 1.0);
}

TEST(SummarizeThroughput, AllIdleGivesZeroNotNullopt) {
  const std::vector<Sample> samples = {at(0, 0), at(kSecond, 0), at(2 * kSecond, 0)};
  const ThroughputSummary s = summarize_throughput(samples);
  ASSERT_TRUE(s.gib_per_s.has_value());
  EXPECT_EQ(*s.gib_per_s, 0.0);
  ASSERT_TRUE(s.gib_per_s_median.has_value());
  EXPECT_EQ(*s.gib_per_s_median, 0.0);
}

}  // namespace
}  // namespace pipetop

// The one definition of a segment's GiB/s: bytes over time after the warm-up (the first 200 ms, or 10%
// of a segment shorter than 2 s), and its percentiles, exact while short and within 0.05% after.

#include "pipetop/core/figures/segment_throughput.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;

Sample at(std::int64_t t_ns, std::uint64_t bytes) {
  Sample s{};
  s.t_ns = t_ns;
  s.bytes = bytes;
  return s;
}

std::uint64_t gib(double g) {
  return static_cast<std::uint64_t>(std::llround(g * static_cast<double>(kGiB)));
}

TEST(SegmentThroughput, NothingBeforeTwoSamples) {
  SegmentThroughput s;
  EXPECT_FALSE(s.gib_per_s().has_value());
  EXPECT_FALSE(s.quantile(0.5).has_value());
  s.add(at(0, 0));
  EXPECT_FALSE(s.gib_per_s().has_value());
  EXPECT_EQ(s.samples(), 1U);
  EXPECT_EQ(s.bytes(), 0U);
}

TEST(SegmentThroughput, AFixed200MsWarmupOnceTheSegmentIsLong) {
  SegmentThroughput s;
  s.add(at(0, 0));
  s.add(at(200 * kMs, gib(10)));  // 50 GiB/s during the warm-up: left out
  s.add(at(5200 * kMs, gib(10) + gib(10)));
  ASSERT_TRUE(s.gib_per_s().has_value());
  EXPECT_NEAR(*s.gib_per_s(), 2.0, 1e-6);
  EXPECT_EQ(s.bytes(), gib(20)) << "bytes count the whole segment";
  EXPECT_NEAR(s.elapsed_s(), 5.2, 1e-12);
}

TEST(SegmentThroughput, TenPercentOfAShortSegment) {
  SegmentThroughput s;
  // 1 s in 100 ms steps: the first step (10%) at 9 GiB/s, the rest at 1 GiB/s.
  s.add(at(0, 0));
  std::uint64_t bytes = 0;
  for (int i = 1; i <= 10; ++i) {
    bytes += gib(i == 1 ? 0.9 : 0.1);
    s.add(at(i * 100 * kMs, bytes));
  }
  EXPECT_NEAR(*s.gib_per_s(), 1.0, 1e-6);
  EXPECT_NEAR(*s.quantile(0.5), 1.0, 1e-6) << "exact below 2 s";
}

TEST(SegmentThroughput, TwoSamplesUseTheirOneInterval) {
  SegmentThroughput s;
  s.add(at(0, 0));
  s.add(at(100 * kMs, gib(0.4)));
  EXPECT_NEAR(*s.gib_per_s(), 4.0, 1e-6);
}

TEST(SegmentThroughput, SamplesThatGoBackAreIgnored) {
  SegmentThroughput s;
  s.add(at(0, 0));
  s.add(at(100 * kMs, gib(1)));
  s.add(at(100 * kMs, gib(2)));    // same instant
  s.add(at(50 * kMs, gib(3)));     // earlier
  s.add(at(200 * kMs, gib(0.5)));  // fewer bytes
  EXPECT_EQ(s.samples(), 2U);
  EXPECT_EQ(s.bytes(), gib(1));
}

// A long segment keeps bounded memory: its quantiles come from the distribution (0.05%).
TEST(SegmentThroughput, LongSegmentsKeepPercentilesToTheDistributionsPrecision) {
  SegmentThroughput s;
  s.add(at(0, 0));
  std::uint64_t bytes = 0;
  std::int64_t t = 0;
  for (int i = 0; i < 100'000; ++i) {  // 1000 s at 10 ms, rates cycling through 1..100 GiB/s
    t += 10 * kMs;
    bytes += gib((i % 100 + 1) / 100.0);
    s.add(at(t, bytes));
  }
  EXPECT_NEAR(*s.quantile(0.5), 50.5, 0.6);  // the closest rank of an even count of 1..100
  EXPECT_NEAR(*s.quantile(0.05), 6.0, 6.0 * 5e-4 + 1e-9);
  EXPECT_NEAR(*s.quantile(1.0), 100.0, 1e-6);
  EXPECT_NEAR(*s.quantile(0.0), 1.0, 1e-6);
}

}  // namespace
}  // namespace pipetop

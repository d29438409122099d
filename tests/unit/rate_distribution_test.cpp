// The bounded distribution behind a segment's percentiles.

#include "pipetop/core/figures/rate_distribution.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace pipetop {
namespace {

TEST(RateDistribution, EmptyHasNoQuantile) {
  const RateDistribution d;
  EXPECT_EQ(d.count(), 0U);
  EXPECT_FALSE(d.quantile(0.5).has_value());
}

TEST(RateDistribution, ExtremesAreExact) {
  RateDistribution d;
  for (const double v : {3.3, 0.7, 120.25, 45.0}) d.add(v);
  EXPECT_DOUBLE_EQ(*d.quantile(0.0), 0.7);
  EXPECT_DOUBLE_EQ(*d.quantile(1.0), 120.25);
}

TEST(RateDistribution, QuantilesWithinTheBinWidth) {
  RateDistribution d;
  for (int i = 1; i <= 1000; ++i) d.add(i * 0.1);  // 0.1 .. 100 GiB/s
  for (const double p : {0.05, 0.25, 0.5, 0.95}) {
    const double exact = std::round(p * 999) * 0.1 + 0.1;  // the closest rank
    EXPECT_NEAR(*d.quantile(p), exact, exact * 5e-4) << p;
  }
}

TEST(RateDistribution, ZerosAndNonsense) {
  RateDistribution d;
  d.add(0.0);
  d.add(-1.0);                                      // counts as zero
  d.add(std::numeric_limits<double>::quiet_NaN());  // ignored
  d.add(std::numeric_limits<double>::infinity());   // ignored
  d.add(5.0);
  EXPECT_EQ(d.count(), 3U);
  EXPECT_EQ(*d.quantile(0.0), 0.0);
  EXPECT_EQ(*d.quantile(0.5), 0.0) << "two of three are idle intervals";
  EXPECT_NEAR(*d.quantile(1.0), 5.0, 1e-12);
}

TEST(RateDistribution, BeyondTheBinsStaysWithinTheExtremes) {
  RateDistribution d;
  d.add(50'000.0);
  d.add(60'000.0);
  const double median = *d.quantile(0.5);
  EXPECT_GE(median, 50'000.0);
  EXPECT_LE(median, 60'000.0);
}

}  // namespace
}  // namespace pipetop

// The order-statistic interval of a median: the ranks against published tables, its coverage, no
// interval below 6 values at 95%, and the interval of a sample with outliers.

#include "pipetop/core/base/median_interval.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

TEST(MedianInterval, RanksMatchTheBinomialTables) {
  // (n, k): the 95% interval of the median runs from the k-th smallest to the k-th largest value.
  for (const auto& [n, k] : std::vector<std::pair<std::size_t, std::size_t>>{
           {6, 1}, {7, 1}, {8, 1}, {9, 2}, {10, 2}, {14, 3}, {20, 6}, {30, 10}, {50, 18}, {100, 40}}) {
    EXPECT_EQ(median_interval_rank(n, 0.95), k) << n << " values";
  }
}

TEST(MedianInterval, NoIntervalBelowSixValuesAt95Percent) {
  for (std::size_t n = 0; n < 6; ++n) EXPECT_FALSE(median_interval_rank(n, 0.95)) << n;
  EXPECT_EQ(values_for_interval(0.95), 6u);
  EXPECT_EQ(values_for_interval(0.99), 8u);  // 2/2^8 = 0.8% <= 1%
  EXPECT_FALSE(median_interval(std::vector<double>{1, 2, 3, 4, 5}, 0.95));
}

TEST(MedianInterval, CoverageIsExactAndAtLeastTheConfidence) {
  const std::vector<double> six{6, 1, 5, 2, 4, 3};
  const std::optional<MedianInterval> i = median_interval(six, 0.95);
  ASSERT_TRUE(i);
  EXPECT_DOUBLE_EQ(i->low, 1);
  EXPECT_DOUBLE_EQ(i->high, 6);
  EXPECT_DOUBLE_EQ(i->median, 3.5);
  EXPECT_NEAR(i->coverage, 1 - 2.0 / 64, 1e-12);
  for (std::size_t n = 6; n <= 400; n += 7) {
    std::vector<double> values(n);
    for (std::size_t v = 0; v < n; ++v) values[v] = static_cast<double>(v);
    const std::optional<MedianInterval> m = median_interval(values, 0.95);
    ASSERT_TRUE(m) << n;
    EXPECT_GE(m->coverage, 0.95) << n;
    EXPECT_LE(m->low, m->median) << n;
    EXPECT_GE(m->high, m->median) << n;
  }
}

TEST(MedianInterval, OutliersMoveNeitherTheMedianNorTheInterval) {
  std::vector<double> ratios{2.01, 1.99, 2.00, 2.02, 1.98, 2.00, 2.01, 1.99, 2.00, 2.00};
  const MedianInterval calm = *median_interval(ratios, 0.95);
  ratios[3] = 9.0;   // a slice caught at a phase change
  ratios[7] = 0.05;  // and one that barely moved
  const MedianInterval wild = *median_interval(ratios, 0.95);
  EXPECT_NEAR(wild.median, 2.0, 0.005);
  EXPECT_NEAR(wild.low, calm.low, 0.011);
  EXPECT_NEAR(wild.high, calm.high, 0.011);
  EXPECT_LT(wild.high, 2.05);
}

TEST(MedianInterval, ConfidenceOutsideTheUnitIntervalHasNone) {
  EXPECT_FALSE(median_interval_rank(100, 0));
  EXPECT_FALSE(median_interval_rank(100, 1));
  EXPECT_EQ(values_for_interval(1.5), 0u);
}

}  // namespace
}  // namespace pipetop

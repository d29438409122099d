#include "pipetop/core/base/stats.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

TEST(Stats, EmptyInputGivesNullopt) {
  const std::vector<double> none;
  EXPECT_FALSE(mean(none).has_value());
  EXPECT_FALSE(percentile(none, 0.5).has_value());
  EXPECT_FALSE(median(none).has_value());
}

TEST(Stats, Mean) {
  const std::vector<double> v = {1, 2, 3, 4};
  ASSERT_TRUE(mean(v).has_value());
  EXPECT_DOUBLE_EQ(*mean(v), 2.5);
  const std::vector<double> one = {7.25};
  EXPECT_DOUBLE_EQ(*mean(one), 7.25);
}

TEST(Stats, MedianOddAndEvenCounts) {
  const std::vector<double> odd = {9, 1, 5};
  EXPECT_DOUBLE_EQ(*median(odd), 5);
  const std::vector<double> even = {4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(*median(even), 2.5);
  const std::vector<double> one = {3};
  EXPECT_DOUBLE_EQ(*median(one), 3);
}

TEST(Stats, PercentileInterpolatesBetweenClosestRanks) {
  std::vector<double> v;
  for (int i = 10; i >= 1; --i) v.push_back(i);  // 10..1, unsorted on purpose
  EXPECT_DOUBLE_EQ(*percentile(v, 0.0), 1);
  EXPECT_DOUBLE_EQ(*percentile(v, 1.0), 10);
  EXPECT_NEAR(*percentile(v, 0.9), 9.1, 1e-12);    // rank 8.1
  EXPECT_NEAR(*percentile(v, 0.25), 3.25, 1e-12);  // rank 2.25
  const std::vector<double> five = {50, 10, 40, 20, 30};
  EXPECT_DOUBLE_EQ(*percentile(five, 0.25), 20);
  EXPECT_DOUBLE_EQ(*percentile(five, 0.75), 40);
}

TEST(Stats, PercentileClampsP) {
  const std::vector<double> v = {3, 1, 2};
  EXPECT_DOUBLE_EQ(*percentile(v, -1), 1);
  EXPECT_DOUBLE_EQ(*percentile(v, 2), 3);
}

TEST(Stats, DoesNotReorderTheInput) {
  const std::vector<double> v = {3, 1, 2};
  (void)median(v);
  EXPECT_EQ(v, (std::vector<double>{3, 1, 2}));
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/base/number_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>

namespace pipetop {
namespace {

constexpr const char* kDash = "—";

// ---------------------------------------------------------------- format_count

TEST(FormatCount, SmallWholeNumbersAsThey) {
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(7), "7");
  EXPECT_EQ(format_count(950), "950");
  EXPECT_EQ(format_count(999), "999");
}

TEST(FormatCount, SmallFractionsWithTwoDecimals) {
  EXPECT_EQ(format_count(0.5), "0.50");
  EXPECT_EQ(format_count(1.234), "1.23");
  EXPECT_EQ(format_count(12.4), "12") << "3 significant digits at most past 10";
}

TEST(FormatCount, ThreeSignificantDigitsWithSiSuffix) {
  EXPECT_EQ(format_count(1000), "1.00 k");
  EXPECT_EQ(format_count(1234), "1.23 k");
  EXPECT_EQ(format_count(12'300), "12.3 k");
  EXPECT_EQ(format_count(123'456), "123 k");
  EXPECT_EQ(format_count(4'560'000), "4.56 M");
  EXPECT_EQ(format_count(45'600'000), "45.6 M");
  EXPECT_EQ(format_count(1.23e9), "1.23 G");
  EXPECT_EQ(format_count(987e9), "987 G");
  EXPECT_EQ(format_count(2.5e12), "2.50 T");
}

TEST(FormatCount, RoundingUpMovesToTheNextSuffix) {
  // 999.7 would print as "1000" with no suffix; it is 1.00 k.
  EXPECT_EQ(format_count(999.7), "1.00 k");
  EXPECT_EQ(format_count(999'999), "1.00 M");
  EXPECT_EQ(format_count(999'999'999), "1.00 G");
  // Within a suffix, 9.996 k is 10.0 k, not "10.00 k"; 99.97 k is 100 k, not "100.0 k".
  EXPECT_EQ(format_count(9'996), "10.0 k");
  EXPECT_EQ(format_count(99'970), "100 k");
}

TEST(FormatCount, NeverMoreThanThreeSignificantDigitsBelowTeraScale) {
  for (double v = 1; v < 1e12; v *= 1.37) {
    const std::string text = format_count(v);
    int digits = 0;
    for (const char c : text) digits += (c >= '0' && c <= '9') ? 1 : 0;
    // "0.50" has 3 digits, "1.23 k" 3, "950" 3: never more.
    EXPECT_LE(digits, 3) << v << " → " << text;
  }
}

TEST(FormatCount, NegativeOrNonFiniteIsADash) {
  EXPECT_EQ(format_count(-1), kDash);
  EXPECT_EQ(format_count(-0.001), kDash);
  EXPECT_EQ(format_count(std::numeric_limits<double>::quiet_NaN()), kDash);
  EXPECT_EQ(format_count(std::numeric_limits<double>::infinity()), kDash);
  EXPECT_EQ(format_count(-std::numeric_limits<double>::infinity()), kDash);
}

// ---------------------------------------------------------------- format_fixed

TEST(FormatFixed, PrintfFixedDecimals) {
  EXPECT_EQ(format_fixed(1.234, 2), "1.23");
  EXPECT_EQ(format_fixed(1.235001, 2), "1.24");
  EXPECT_EQ(format_fixed(2.0, 0), "2");
  EXPECT_EQ(format_fixed(63.2, 0), "63");
  EXPECT_EQ(format_fixed(0.5, 1), "0.5");
  EXPECT_EQ(format_fixed(12345.678, 1), "12345.7");
  EXPECT_EQ(format_fixed(-1.5, 2), "-1.50");
  EXPECT_EQ(format_fixed(0.0, 3), "0.000");
}

TEST(FormatFixed, AbsentOrNonFiniteIsADash) {
  EXPECT_EQ(format_fixed(std::nullopt, 2), kDash);
  EXPECT_EQ(format_fixed(std::numeric_limits<double>::quiet_NaN(), 2), kDash);
  EXPECT_EQ(format_fixed(std::numeric_limits<double>::infinity(), 0), kDash);
  EXPECT_EQ(format_fixed(-std::numeric_limits<double>::infinity(), 1), kDash);
}

TEST(FormatWholePercent, RoundsHalfAwayFromZero) {
  EXPECT_EQ(format_whole_percent(0.125), "13%");
  EXPECT_EQ(format_whole_percent(0.004), "0%");
  EXPECT_EQ(format_whole_percent(0.1), "10%");
  EXPECT_EQ(format_whole_percent(1.0), "100%");
  EXPECT_EQ(format_whole_percent(-0.025), "-3%");
}

}  // namespace
}  // namespace pipetop

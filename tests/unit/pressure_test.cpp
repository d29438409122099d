// Pressure stall information lines (/proc/pressure/cpu, memory).

#include "pipetop/core/machine/pressure.hpp"

#include <gtest/gtest.h>

#include <optional>

namespace pipetop {
namespace {

TEST(ParsePressure, SomeAndFull) {
  const std::optional<Pressure> p = parse_pressure(
      "some avg10=95.84 avg60=98.14 avg300=72.21 total=403856460\nfull avg10=0.00 avg60=0.50 avg300=0.00 total=7\n");
  ASSERT_TRUE(p.has_value());
  EXPECT_DOUBLE_EQ(p->some.avg10_percent, 95.84);
  EXPECT_DOUBLE_EQ(p->some.avg60_percent, 98.14);
  EXPECT_DOUBLE_EQ(p->some.avg300_percent, 72.21);
  EXPECT_EQ(p->some.total_us, 403856460u);
  ASSERT_TRUE(p->full.has_value());
  EXPECT_DOUBLE_EQ(p->full->avg60_percent, 0.5);
}

TEST(ParsePressure, CpuOnOlderKernelsHasNoFullLine) {
  const std::optional<Pressure> p = parse_pressure("some avg10=1.00 avg60=2.00 avg300=3.00 total=4\n");
  ASSERT_TRUE(p.has_value());
  EXPECT_FALSE(p->full.has_value());
}

TEST(ParsePressure, MalformedIsNothing) {
  EXPECT_FALSE(parse_pressure("").has_value());
  EXPECT_FALSE(parse_pressure("full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n").has_value());
  EXPECT_FALSE(parse_pressure("some avg10=x avg60=0.00 avg300=0.00 total=0\n").has_value());
  EXPECT_FALSE(parse_pressure("some avg10=101.00 avg60=0.00 avg300=0.00 total=0\n").has_value());
  EXPECT_FALSE(parse_pressure("some avg10=1.00 avg60=0.00 total=0\n").has_value());
}

}  // namespace
}  // namespace pipetop

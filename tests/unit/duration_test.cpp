#include "pipetop/core/base/duration.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace pipetop {
namespace {

std::int64_t parse_ok(const std::string& text) {
  auto r = parse_duration_ns(text);
  EXPECT_TRUE(r.has_value()) << text << ": " << (r ? std::string() : r.error().message);
  return r.value_or(-1);
}

TEST(ParseDuration, Units) {
  EXPECT_EQ(parse_ok("10ms"), 10 * kNsPerMs);
  EXPECT_EQ(parse_ok("5s"), 5 * kNsPerS);
  EXPECT_EQ(parse_ok("1.5s"), 1'500'000'000);
  EXPECT_EQ(parse_ok("2m"), 120 * kNsPerS);
  EXPECT_EQ(parse_ok("250us"), 250 * kNsPerUs);
  EXPECT_EQ(parse_ok("100ns"), 100);
  EXPECT_EQ(parse_ok("0.5ms"), 500 * kNsPerUs);
}

TEST(ParseDuration, BareNumberIsSeconds) {
  EXPECT_EQ(parse_ok("3"), 3 * kNsPerS);
  EXPECT_EQ(parse_ok("0.25"), 250 * kNsPerMs);
}

void expect_usage_error_naming(const std::string& text) {
  auto r = parse_duration_ns(text);
  ASSERT_FALSE(r.has_value()) << "'" << text << "' parsed as " << *r;
  EXPECT_EQ(r.error().kind, ExitCode::usage) << text;
  EXPECT_NE(r.error().message.find("'" + text + "'"), std::string::npos)
      << "message does not quote the input: " << r.error().message;
  EXPECT_FALSE(r.error().hint.empty());
}

TEST(ParseDuration, Empty) {
  expect_usage_error_naming("");
}
TEST(ParseDuration, Zero) {
  expect_usage_error_naming("0s");
}
TEST(ParseDuration, BareZero) {
  expect_usage_error_naming("0");
}
TEST(ParseDuration, Negative) {
  expect_usage_error_naming("-1s");
}
TEST(ParseDuration, UnknownUnit) {
  expect_usage_error_naming("5h");
}
TEST(ParseDuration, NotANumber) {
  expect_usage_error_naming("abc");
}
TEST(ParseDuration, UnitOnly) {
  expect_usage_error_naming("ms");
}
TEST(ParseDuration, LeadingSpace) {
  expect_usage_error_naming(" 5s");
}
TEST(ParseDuration, SpaceBeforeUnit) {
  expect_usage_error_naming("5 s");
}
TEST(ParseDuration, NotFinite) {
  expect_usage_error_naming("inf");
  expect_usage_error_naming("nan");
}
TEST(ParseDuration, BelowOneNanosecond) {
  expect_usage_error_naming("0.1ns");
}
TEST(ParseDuration, LongerThanAYear) {
  expect_usage_error_naming("600000m");
  EXPECT_EQ(parse_ok("525600m"), 525600 * 60 * kNsPerS);  // exactly 365 days is still accepted
}

TEST(FormatDurationArg, CompactForms) {
  EXPECT_EQ(format_duration_arg(10 * kNsPerMs), "10ms");
  EXPECT_EQ(format_duration_arg(5 * kNsPerS), "5s");
  EXPECT_EQ(format_duration_arg(1500 * kNsPerMs), "1500ms");
  EXPECT_EQ(format_duration_arg(1500 * kNsPerUs), "1500us");
  EXPECT_EQ(format_duration_arg(1234), "1234ns");
}

TEST(FormatDurationArg, RoundTripsThroughParseDuration) {
  for (std::int64_t ns : {std::int64_t{1}, std::int64_t{999}, kNsPerUs, 250 * kNsPerUs, kNsPerMs + 1, 10 * kNsPerMs,
                          1500 * kNsPerMs, kNsPerS, 120 * kNsPerS, 3600 * kNsPerS + 7, 86400 * kNsPerS}) {
    const std::string text = format_duration_arg(ns);
    EXPECT_EQ(parse_ok(text), ns) << "'" << text << "'";
  }
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/base/size.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pipetop {
namespace {

TEST(ParseSize, PlainBytes) {
  auto r = parse_size("65536");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(*r, 65536u);
}

TEST(ParseSize, BinarySuffixesAnyCase) {
  struct Case {
    const char* text;
    std::uint64_t bytes;
  };
  const Case cases[] = {
      {"64K", 64 * kKiB},   {"64k", 64 * kKiB}, {"64KiB", 64 * kKiB}, {"64kib", 64 * kKiB},
      {"64KIB", 64 * kKiB}, {"1M", kMiB},       {"1m", kMiB},         {"2MiB", 2 * kMiB},
      {"1G", kGiB},         {"1GiB", kGiB},     {"3g", 3 * kGiB},     {"1000B", 1000},
      {"1000b", 1000},      {"1", 1},           {"7K", 7 * kKiB},
  };
  for (const Case& c : cases) {
    auto r = parse_size(c.text);
    ASSERT_TRUE(r.has_value()) << c.text << ": " << r.error().message;
    EXPECT_EQ(*r, c.bytes) << c.text;
  }
}

TEST(ParseSize, LargestAcceptedIsTwoToTheSixtyThird) {
  auto r = parse_size("8589934592GiB");  // 2^33 GiB = 2^63 bytes
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(*r, std::uint64_t{1} << 63);
  auto over = parse_size("8589934593GiB");
  ASSERT_FALSE(over.has_value());
  EXPECT_EQ(over.error().kind, ExitCode::usage);
}

void expect_usage_error_naming(const std::string& text) {
  auto r = parse_size(text);
  ASSERT_FALSE(r.has_value()) << "'" << text << "' parsed as " << *r;
  EXPECT_EQ(r.error().kind, ExitCode::usage) << text;
  EXPECT_NE(r.error().message.find("'" + text + "'"), std::string::npos)
      << "message does not quote the input: " << r.error().message;
  EXPECT_FALSE(r.error().hint.empty()) << text;
}

TEST(ParseSize, Empty) {
  expect_usage_error_naming("");
}
TEST(ParseSize, NotANumber) {
  expect_usage_error_naming("abc");
}
TEST(ParseSize, Zero) {
  expect_usage_error_naming("0");
}
TEST(ParseSize, ZeroWithSuffix) {
  expect_usage_error_naming("0K");
}
TEST(ParseSize, Fraction) {
  expect_usage_error_naming("1.5M");
}
TEST(ParseSize, UnknownSuffix) {
  expect_usage_error_naming("12Q");
}
TEST(ParseSize, Overflow) {
  expect_usage_error_naming("99999999999G");
}
TEST(ParseSize, OverflowOfTheNumberItself) {
  expect_usage_error_naming("99999999999999999999999");
}
TEST(ParseSize, Negative) {
  expect_usage_error_naming("-5");
}
TEST(ParseSize, LeadingPlus) {
  expect_usage_error_naming("+5");
}
TEST(ParseSize, SpaceBeforeSuffix) {
  expect_usage_error_naming("64 K");
}
TEST(ParseSize, SuffixOnly) {
  expect_usage_error_naming("K");
}

TEST(FormatSize, ExactAndFractionalUnits) {
  EXPECT_EQ(format_size(256 * kKiB), "256 KiB");
  EXPECT_EQ(format_size(2 * kMiB), "2 MiB");
  EXPECT_EQ(format_size(kGiB + kGiB / 2), "1.5 GiB");
  EXPECT_EQ(format_size(1000), "1000 B");
  EXPECT_EQ(format_size(1), "1 B");
  EXPECT_EQ(format_size(kKiB), "1 KiB");
  EXPECT_EQ(format_size(1536), "1.5 KiB");
}

TEST(FormatSizeArg, CompactForms) {
  EXPECT_EQ(format_size_arg(256 * kKiB), "256KiB");
  EXPECT_EQ(format_size_arg(2 * kMiB), "2MiB");
  EXPECT_EQ(format_size_arg(kGiB), "1GiB");
  EXPECT_EQ(format_size_arg(1000), "1000");
  EXPECT_EQ(format_size_arg(1536), "1536");  // not a whole KiB: written in bytes, never rounded
  EXPECT_EQ(format_size_arg(3 * kMiB + 4 * kKiB), "3076KiB");
}

std::vector<std::uint64_t> round_trip_values() {
  std::vector<std::uint64_t> values = {1,        2,        3,          511,          512,        1000,
                                       1023,     1024,     1025,       4096,         65535,      65536,
                                       65537,    1536,     3 * kMiB,   3 * kMiB + 1, 5 * kGiB,   5 * kGiB + kKiB,
                                       kGiB - 1, kGiB + 1, 1ULL << 40, 1ULL << 62,   1ULL << 63, (1ULL << 63) - 1};
  for (std::uint64_t v = 1; v < (1ULL << 40); v = v * 3 + 7) values.push_back(v);
  for (int shift = 0; shift < 63; ++shift) values.push_back(1ULL << shift);
  return values;
}

TEST(FormatSizeArg, RoundTripsThroughParseSize) {
  for (std::uint64_t v : round_trip_values()) {
    const std::string text = format_size_arg(v);
    auto r = parse_size(text);
    ASSERT_TRUE(r.has_value()) << v << " -> '" << text << "': " << r.error().message;
    EXPECT_EQ(*r, v) << "'" << text << "'";
  }
}

TEST(FormatSize, ExactFormsRoundTripThroughParseSize) {
  // format_size is for people ("256 KiB"); where it is exact, the number and unit without the space
  // are accepted back by parse_size.
  for (std::uint64_t v : round_trip_values()) {
    std::string text = format_size(v);
    if (text.find('.') != std::string::npos) continue;  // rounded for display, not exact
    text.erase(text.find(' '), 1);
    auto r = parse_size(text);
    ASSERT_TRUE(r.has_value()) << v << " -> '" << text << "': " << r.error().message;
    EXPECT_EQ(*r, v) << "'" << text << "'";
  }
}

}  // namespace
}  // namespace pipetop

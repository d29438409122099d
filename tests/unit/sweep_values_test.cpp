// pipetop sweep's values: the option table, FROM..TO as typed, and the values run — powers of two for
// sizes, the interesting offsets for buffer-offset, --steps spread evenly, both ends always — with each
// mistake refused in words that name it.

#include "pipetop/core/experiment/sweep_values.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

std::vector<std::uint64_t> values_of(SweepOption option, std::uint64_t from, std::uint64_t to,
                                     std::optional<int> steps = std::nullopt) {
  Result<std::vector<std::uint64_t>> values = sweep_values(option, {from, to}, steps);
  EXPECT_TRUE(values) << (values ? "" : values.error().message);
  return values ? *values : std::vector<std::uint64_t>{};
}

std::string problem(const Error& error) {
  return error.message + " | " + error.hint;
}

TEST(SweepValues, EveryOptionOfTheTableParsesByItsName) {
  for (const SweepOptionRow& row : kSweepOptions) {
    const Result<SweepOption> parsed = parse_sweep_option(row.name);
    ASSERT_TRUE(parsed) << row.name;
    EXPECT_EQ(*parsed, row.option);
    EXPECT_EQ(sweep_option_row(row.option).name, row.name);
  }
}

TEST(SweepValues, AnUnknownOptionNamesTheClosestAndTheChoices) {
  const Result<SweepOption> parsed = parse_sweep_option("pipe-sise");
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error().kind, ExitCode::usage);
  EXPECT_EQ(parsed.error().message, "sweep cannot vary 'pipe-sise'");
  EXPECT_NE(parsed.error().hint.find("did you mean pipe-size?"), std::string::npos) << problem(parsed.error());
  EXPECT_NE(parsed.error().hint.find("buffer-size, pipe-size or buffer-offset"), std::string::npos);
}

TEST(SweepValues, ARangeOfSizes) {
  const Result<SweepRange> range = parse_sweep_range(SweepOption::buffer_size, "4KiB..4MiB");
  ASSERT_TRUE(range) << problem(range.error());
  EXPECT_EQ(range->from, 4 * kKiB);
  EXPECT_EQ(range->to, 4 * kMiB);
}

TEST(SweepValues, AnOffsetRangeMayStartAtZeroASizeRangeMayNot) {
  const Result<SweepRange> offsets = parse_sweep_range(SweepOption::buffer_offset, "0..4095");
  ASSERT_TRUE(offsets) << problem(offsets.error());
  EXPECT_EQ(offsets->from, 0u);
  EXPECT_EQ(offsets->to, 4095u);
  const Result<SweepRange> sizes = parse_sweep_range(SweepOption::pipe_size, "0..64K");
  ASSERT_FALSE(sizes);
  EXPECT_NE(sizes.error().message.find("FROM of '0..64K': invalid size '0'"), std::string::npos)
      << problem(sizes.error());
}

TEST(SweepValues, MalformedRangesAreRefusedByName) {
  const Result<SweepRange> dash = parse_sweep_range(SweepOption::buffer_size, "4KiB-4MiB");
  ASSERT_FALSE(dash);
  EXPECT_EQ(dash.error().message, "'4KiB-4MiB' is not a range FROM..TO");
  EXPECT_EQ(dash.error().hint, "pipetop sweep buffer-size 4KiB..4MiB");
  const Result<SweepRange> bad_to = parse_sweep_range(SweepOption::buffer_size, "4KiB..4Q");
  ASSERT_FALSE(bad_to);
  EXPECT_NE(bad_to.error().message.find("TO of '4KiB..4Q': invalid size '4Q'"), std::string::npos)
      << problem(bad_to.error());
  const Result<SweepRange> backwards = parse_sweep_range(SweepOption::buffer_size, "4MiB..4KiB");
  ASSERT_FALSE(backwards);
  EXPECT_EQ(backwards.error().kind, ExitCode::usage);
  EXPECT_EQ(backwards.error().message, "'4MiB..4KiB' runs backwards: FROM is above TO");
  EXPECT_EQ(backwards.error().hint, "write the smaller first: pipetop sweep buffer-size 4KiB..4MiB");
}

TEST(SweepValues, SizesArePowersOfTwoAndBothEnds) {
  const std::vector<std::uint64_t> powers = values_of(SweepOption::buffer_size, 4 * kKiB, 4 * kMiB);
  ASSERT_EQ(powers.size(), 11u);
  for (std::size_t i = 0; i < powers.size(); ++i) EXPECT_EQ(powers[i], (4 * kKiB) << i);
  EXPECT_EQ(values_of(SweepOption::pipe_size, 3000, 10000), (std::vector<std::uint64_t>{3000, 4096, 8192, 10000}));
}

TEST(SweepValues, OffsetsAreTheInterestingOnesInsideTheRangeAndBothEnds) {
  EXPECT_EQ(values_of(SweepOption::buffer_offset, 0, 4095),
            std::vector<std::uint64_t>(kSweepOffsets.begin(), kSweepOffsets.end()));
  EXPECT_EQ(values_of(SweepOption::buffer_offset, 10, 100), (std::vector<std::uint64_t>{10, 16, 64, 100}));
}

TEST(SweepValues, StepsSpreadSizesOnALogScaleAndOffsetsEvenly) {
  EXPECT_EQ(values_of(SweepOption::buffer_size, kKiB, 8 * kKiB, 4),
            (std::vector<std::uint64_t>{kKiB, 2 * kKiB, 4 * kKiB, 8 * kKiB}));
  EXPECT_EQ(values_of(SweepOption::buffer_size, 64 * kKiB, kMiB, 3),
            (std::vector<std::uint64_t>{64 * kKiB, 256 * kKiB, kMiB}));
  EXPECT_EQ(values_of(SweepOption::buffer_offset, 0, 4000, 5), (std::vector<std::uint64_t>{0, 1000, 2000, 3000, 4000}));
}

TEST(SweepValues, StepsThatRoundAlikeRunOnce) {
  // Whole KiB from 1 KiB up: the six values between 1 KiB and 2 KiB round to one or the other.
  const std::vector<std::uint64_t> values = values_of(SweepOption::buffer_size, kKiB, 2 * kKiB, 8);
  EXPECT_EQ(values, (std::vector<std::uint64_t>{kKiB, 2 * kKiB}));
}

TEST(SweepValues, OneValueOrTooManyAreRefused) {
  const Result<std::vector<std::uint64_t>> one = sweep_values(SweepOption::buffer_size, {kMiB, kMiB}, std::nullopt);
  ASSERT_FALSE(one);
  EXPECT_EQ(one.error().message, "the range 1 MiB..1 MiB holds one value: a sweep needs two");
  const Result<std::vector<std::uint64_t>> many = sweep_values(SweepOption::buffer_size, {1, kGiB}, std::nullopt);
  ASSERT_FALSE(many);
  EXPECT_EQ(many.error().message, "the range holds 31 values and a sweep runs 24 at most");
  EXPECT_NE(many.error().hint.find("--steps N"), std::string::npos);
  EXPECT_TRUE(sweep_values(SweepOption::buffer_size, {1, kGiB}, 12));
}

TEST(SweepValues, StepsAreAWholeNumberFromTwo) {
  const Result<std::optional<int>> eight = parse_sweep_steps("8");
  ASSERT_TRUE(eight);
  EXPECT_EQ(*eight, std::optional<int>(8));
  for (const char* bad : {"1", "25", "-3", "x", ""}) {
    const Result<std::optional<int>> steps = parse_sweep_steps(bad);
    ASSERT_FALSE(steps) << bad;
    EXPECT_EQ(steps.error().message, "'" + std::string(bad) + "' is not a number of values from 2 to 24");
  }
}

TEST(SweepValues, EachValueSetsItsOptionAndNothingElse) {
  const RunConfig base;
  const RunConfig buffer = with_sweep_value(base, SweepOption::buffer_size, 64 * kKiB);
  EXPECT_EQ(buffer.buffer_bytes, 64 * kKiB);
  EXPECT_EQ(with_sweep_value(buffer, SweepOption::buffer_size, base.buffer_bytes), base);
  EXPECT_EQ(with_sweep_value(base, SweepOption::pipe_size, kMiB).pipe_bytes, std::optional<std::uint64_t>(kMiB));
  EXPECT_EQ(with_sweep_value(base, SweepOption::buffer_offset, 0).buffer_offset, std::optional<std::uint64_t>(0));
  EXPECT_EQ(sweep_value_text(SweepOption::buffer_size, 64 * kKiB), "64 KiB");
  EXPECT_EQ(sweep_value_text(SweepOption::buffer_offset, 2048), "2048 B");
}

}  // namespace
}  // namespace pipetop

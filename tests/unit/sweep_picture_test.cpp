// The picture of a sweep: well-formed SVG, the values on a log axis for sizes and a linear one for
// offsets, a point and an error bar per measured value with its ratio, the caches where they fall
// among the values, the ceiling only when given, a failed value marked, and the stamp.

#include "pipetop/core/report/sweep_picture.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "pipetop/core/base/size.hpp"
#include "unit/svg_testing.hpp"
#include "unit/sweep_race.hpp"

namespace pipetop {
namespace {

using svg_testing::count;
using svg_testing::expect_golden;
using svg_testing::xmllint_errors;
using testing::FakeTrialRunner;
using testing::race_sweep;

const CacheSizes kCaches{48 * kKiB, 32 * kKiB, 512 * kKiB, 32 * kMiB};

SweepCurve buffer_curve(FakeTrialRunner& runner, std::optional<SweepCeiling> ceiling = std::nullopt) {
  const std::vector<std::uint64_t> values{32 * kKiB, 64 * kKiB, 128 * kKiB, 256 * kKiB, 512 * kKiB, kMiB};
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, values, runner);
  return sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches, std::move(ceiling));
}

std::string picture_of(SweepCurve curve) {
  return sweep_svg(sweep_picture(std::move(curve), "sweep buffer-size · reference write → read · cpu 0→1",
                                 "AMD EPYC 7B13 · 2 CPUs · Linux 6.18.44"));
}

// The x of each point, left to right.
std::vector<double> point_xs(const std::string& svg) {
  std::vector<double> xs;
  const std::regex circle("<circle cx=\"([0-9.]+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), circle); it != std::sregex_iterator(); ++it) {
    xs.push_back(std::stod((*it)[1].str()));
  }
  return xs;
}

TEST(SweepPicture, MatchesItsGoldenFile) {
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.buffer_bytes == 512 * kKiB; });
  SweepPicture picture = sweep_picture(buffer_curve(runner, SweepCeiling{"memcpy", 6.2}),
                                       "sweep buffer-size · reference write → read · buffer 32 KiB · cpu 0→1",
                                       "AMD EPYC 7B13 · 2 CPUs · Linux 6.18.44");
  picture.stamp.made = "pipetop 0.1.0 (git v0.1.0-42-gabc1234) · 2026-11-28 01:02 UTC";
  const std::string svg = sweep_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  expect_golden("sweep.svg", svg);
}

TEST(SweepPicture, SizesLieOnALogAxis) {
  FakeTrialRunner runner;
  const std::string svg = picture_of(buffer_curve(runner));
  EXPECT_EQ(xmllint_errors(svg), "");
  const std::vector<double> xs = point_xs(svg);
  ASSERT_EQ(xs.size(), 6u) << "a point per value";
  for (std::size_t i = 2; i < xs.size(); ++i) EXPECT_NEAR(xs[i] - xs[i - 1], xs[1] - xs[0], 0.02) << i;
  EXPECT_EQ(count(svg, ">buffer-size (log scale)<"), 1);
  EXPECT_EQ(count(svg, ">64 KiB<"), 1);
}

TEST(SweepPicture, OffsetsLieOnALinearAxis) {
  FakeTrialRunner runner;
  const testing::SweepRace race = race_sweep(SweepOption::buffer_offset, {0, 16, 4095}, runner);
  const std::string svg = picture_of(sweep_curve(race.rounds, SweepOption::buffer_offset, race.setup.values, kCaches));
  const std::vector<double> xs = point_xs(svg);
  ASSERT_EQ(xs.size(), 3u);
  EXPECT_NEAR((xs[1] - xs[0]) / (xs[2] - xs[0]), 16.0 / 4095.0, 0.001);
  EXPECT_EQ(count(svg, ">buffer-offset (bytes)<"), 1);
  EXPECT_EQ(count(svg, "L1d"), 0) << "caches mark sizes, not offsets";
}

TEST(SweepPicture, ErrorBarsRatiosAndTheCachesAmongTheValues) {
  FakeTrialRunner runner;
  const std::string svg = picture_of(buffer_curve(runner));
  EXPECT_EQ(count(svg, ">ref<"), 1);
  EXPECT_EQ(count(svg, ">×1.30<"), 1) << "256 KiB over 32 KiB";
  EXPECT_EQ(count(svg, "stroke-width=\"1.5\""), 1 + 3 * 6) << "the curve, and each value's bar with its two caps";
  EXPECT_EQ(count(svg, ">L1d 48 KiB<"), 1);
  EXPECT_EQ(count(svg, ">L2 512 KiB<"), 1);
  EXPECT_EQ(count(svg, "LLC"), 0) << "32 MiB lies beyond the values";
  EXPECT_EQ(count(svg, "memcpy"), 0) << "no ceiling given";
}

TEST(SweepPicture, TheCeilingWhenGiven) {
  FakeTrialRunner runner;
  const std::string svg = picture_of(buffer_curve(runner, SweepCeiling{"memcpy", 14.2}));
  EXPECT_EQ(count(svg, ">memcpy 14.2 GiB/s<"), 1);
  EXPECT_EQ(count(svg, "stroke-dasharray=\"8 4\""), 1);
  EXPECT_EQ(count(svg, ">15<"), 1) << "the axis reaches past the ceiling";
}

TEST(SweepPicture, AFailedValueIsMarkedAndNamedInTheStamp) {
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.buffer_bytes == 128 * kKiB; });
  const SweepPicture picture = sweep_picture(buffer_curve(runner), "t", "m");
  EXPECT_EQ(picture.stamp.headline, "fastest: 256 KiB, 3.50 GiB/s, ×1.30 32 KiB");
  EXPECT_EQ(picture.stamp.caveat, "failed: 128 KiB (worker failed: EINVAL)");
  const std::string svg = sweep_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, ">failed<"), 1);
  EXPECT_EQ(point_xs(svg).size(), 5u);
}

TEST(SweepPicture, NothingMeasuredStillDrawsTheAxes) {
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig&) { return true; });
  const std::string svg = picture_of(buffer_curve(runner));
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, ">no value measured<"), 1);
  EXPECT_EQ(point_xs(svg).size(), 0u);
}

}  // namespace
}  // namespace pipetop

// Paired rounds over a live pair: the side to run follows the race's ABBA order, a slice is recorded
// only once its steady part lasted as asked, a disturbed slice drops its round (counted), a slice that
// moved nothing fails its side, and ending the race stops the switching.

#include "pipetop/core/experiment/live_rounds.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/experiment/round_runner.hpp"

namespace pipetop {
namespace {

// The slices these scenarios were written for (half a second), whatever pipetop ab's default.
constexpr std::int64_t kSliceNs = 500 * kNsPerMs;

constexpr std::int64_t kMs = 1'000'000;

RunConfig side(bool busy) {
  RunConfig c;
  c.busy_loop = busy;
  return c;
}

SegmentStats stats(double seconds, std::optional<double> mean, std::optional<double> cpu_wait = 0.0) {
  SegmentStats s;
  s.seconds = seconds;
  s.mean = mean;
  s.cpu_wait = {cpu_wait, 0.0};
  return s;
}

LiveRounds started() {
  Result<LiveRounds> race = LiveRounds::start({side(true), side(false)}, kSliceNs, RoundsPlan{}, 0);
  EXPECT_TRUE(race) << race.error().message;
  return std::move(*race);
}

TEST(LiveRounds, ASliceIsRecordedOnceItsSteadyPartLastedAsAsked) {
  LiveRounds race = started();
  ASSERT_EQ(race.arm(), 0U);
  EXPECT_FALSE(race.update(stats(0.6, 4.0), 600 * kMs)) << "no slice before its segment started";
  race.slice_started(10 * kMs);
  EXPECT_TRUE(race.slice_running());
  EXPECT_FALSE(race.update(stats(0.5, 4.0), 510 * kMs)) << "556 ms for a 500 ms steady part";
  EXPECT_TRUE(race.update(stats(0.56, 4.0), 570 * kMs));
  EXPECT_EQ(race.arm(), 1U);
  ASSERT_EQ(race.spans().size(), 1U);
  EXPECT_EQ(race.spans()[0].start_ns, 10 * kMs);
  EXPECT_EQ(race.spans()[0].end_ns, 570 * kMs);
}

TEST(LiveRounds, TheSidesAlternateAbbaAndADisturbedSliceDropsItsRound) {
  LiveRounds race = started();
  std::string order;
  std::int64_t t = 0;
  for (int i = 0; i < 8 && race.arm(); ++i) {
    const std::size_t arm = *race.arm();
    order += arm == 0 ? 'A' : 'B';
    race.slice_started(t);
    t += 600 * kMs;
    // The third slice (round 2's B) waited for its CPU 30% of the time: disturbed.
    ASSERT_TRUE(race.update(stats(0.6, arm == 0 ? 3.0 : 2.0, i == 2 ? 0.3 : 0.0), t));
  }
  EXPECT_EQ(order, "ABBAABBA");
  const RatioEstimate e = race.estimate();
  EXPECT_EQ(e.rounds, 3U);
  EXPECT_EQ(e.dropped, 1U);
  ASSERT_TRUE(e.median);
  EXPECT_DOUBLE_EQ(*e.median, 1.5);
}

TEST(LiveRounds, ASliceThatMovedNothingFailsItsSideAndStopsTheRace) {
  LiveRounds race = started();
  race.slice_started(0);
  ASSERT_TRUE(race.update(stats(0.6, std::nullopt), 600 * kMs));
  EXPECT_FALSE(race.arm());
  EXPECT_EQ(race.rounds().stopped(), StopReason::failed);
  ASSERT_TRUE(race.rounds().failure(0));
  EXPECT_EQ(race.rounds().failure(0)->message, "the pair moved no data in its slice");
}

TEST(LiveRounds, ASliceWhoseSamplesStoppedFailsItsSideOnceItsGraceIsOver) {
  LiveRounds race = started();
  race.slice_started(0);
  const std::int64_t due = slice_run_ns(kSliceNs);
  EXPECT_FALSE(race.update(stats(0.1, 4.0), due + kLiveSliceGraceNs - kMs));
  ASSERT_TRUE(race.update(stats(0.1, 4.0), due + kLiveSliceGraceNs));
  EXPECT_EQ(race.rounds().stopped(), StopReason::failed);
}

TEST(LiveRounds, EndingItStopsTheSwitchingAndClosesTheRunningSpan) {
  LiveRounds race = started();
  race.slice_started(0);
  race.end(300 * kMs);
  EXPECT_FALSE(race.arm());
  EXPECT_FALSE(race.slice_running());
  EXPECT_EQ(race.spans().back().end_ns, 300 * kMs);
  EXPECT_FALSE(race.update(stats(0.6, 4.0), 600 * kMs));
  EXPECT_EQ(race.estimate().rounds, 0U);
}

}  // namespace
}  // namespace pipetop

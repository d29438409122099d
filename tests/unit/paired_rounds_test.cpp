// Paired rounds fed slice by slice, as a live pair or any other source would feed them: the ABBA
// order, rounds completing, ratios kept and dropped, the interval and its precision, the stop rules
// (precise, budget, failed, retired) and the plans refused.

#include "pipetop/core/experiment/paired_rounds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <vector>

namespace pipetop {
namespace {

constexpr std::int64_t kStart = 1'000'000'000;
constexpr std::int64_t kSlice = 600 * kNsPerMs;

// A race of `arms` with `contrasts`, 60 s, 2%.
PairedRounds race(std::size_t arms = 2, std::vector<Contrast> contrasts = {{0, 1}}, double precision = 0.02) {
  Result<PairedRounds> r = PairedRounds::start({arms, std::move(contrasts), 60 * kNsPerS, precision}, kStart);
  EXPECT_TRUE(r) << r.error().message;
  return std::move(*r);
}

// Feeds one round: each arm next() asks for gets `gib(arm)`, a slice of kSlice; `disturbed` arms are marked so.
void feed_round(PairedRounds& r, const std::function<double(std::size_t)>& gib, std::vector<std::size_t> disturbed = {},
                std::vector<std::size_t>* order = nullptr) {
  const std::size_t before = r.rounds().size();
  while (r.rounds().size() == before) {
    const std::int64_t now = r.start_ns() + r.elapsed_ns();
    const std::optional<std::size_t> arm = r.next(now);
    ASSERT_TRUE(arm);
    if (order) order->push_back(*arm);
    Slice s;
    s.arm = *arm;
    s.gib_per_s = gib(*arm);
    s.disturbed = std::find(disturbed.begin(), disturbed.end(), *arm) != disturbed.end();
    s.started_ns = now;
    s.ended_ns = now + kSlice;
    r.record(s);
  }
}

TEST(PairedRounds, OrderAlternatesRoundByRound) {
  PairedRounds two = race();
  std::vector<std::size_t> order;
  for (int i = 0; i < 4; ++i)
    feed_round(
        two, [](std::size_t) { return 10.0; }, {}, &order);
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 1, 0, 0, 1, 1, 0}));

  PairedRounds three = race(3, {{1, 0}, {2, 0}});
  order.clear();
  for (int i = 0; i < 3; ++i)
    feed_round(
        three, [](std::size_t) { return 10.0; }, {}, &order);
  EXPECT_EQ(order, (std::vector<std::size_t>{0, 1, 2, 2, 1, 0, 0, 1, 2}));
}

TEST(PairedRounds, RatiosOfKeptRoundsAndDroppedOnes) {
  PairedRounds r = race();
  feed_round(r, [](std::size_t arm) { return arm == 0 ? 20.0 : 10.0; });
  feed_round(r, [](std::size_t arm) { return arm == 0 ? 5.0 : 10.0; }, {0});  // A disturbed: dropped
  feed_round(r, [](std::size_t arm) { return arm == 0 ? 22.0 : 10.0; });
  ASSERT_EQ(r.rounds().size(), 3u);
  EXPECT_DOUBLE_EQ(*r.rounds()[0].ratio({0, 1}), 2.0);
  EXPECT_FALSE(r.rounds()[1].ratio({0, 1}));
  EXPECT_TRUE(r.rounds()[1].dropped_for({0, 1}));
  const RatioEstimate e = r.estimate({0, 1});
  EXPECT_EQ(e.rounds, 2u);
  EXPECT_EQ(e.dropped, 1u);
  EXPECT_DOUBLE_EQ(*e.median, 2.1);
  EXPECT_FALSE(e.interval) << "two rounds give no 95% interval";
  EXPECT_FALSE(e.precision());
  const ArmFigures a = r.arm_figures(0);
  EXPECT_EQ(a.slices, 2u) << "the disturbed slice does not count";
  EXPECT_DOUBLE_EQ(*a.spread(), 22.0 / 20.0);
}

TEST(PairedRounds, PrecisionIsTheIntervalsLargerHalfOverTheMedian) {
  RatioEstimate e;
  e.interval = MedianInterval{2.0, 1.9, 2.06, 0.97, 1};
  EXPECT_NEAR(*e.precision(), 0.05, 1e-12);
}

TEST(PairedRounds, StopsOnceTheIntervalIsNarrowEnough) {
  PairedRounds r = race();
  const std::vector<double> ratios{2.00, 2.01, 1.99, 2.02, 1.98, 2.00, 2.01};
  for (std::size_t i = 0; i < ratios.size() && !r.stopped(); ++i) {
    feed_round(r, [&](std::size_t arm) { return arm == 0 ? 10 * ratios[i] : 10.0; });
  }
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_EQ(r.rounds().size(), 6u) << "the first round with an interval, which is within 2%";
  EXPECT_FALSE(r.next(r.start_ns() + r.elapsed_ns()));
}

TEST(PairedRounds, TheBudgetStopsARoundThatWouldOverrunIt) {
  Result<PairedRounds> started = PairedRounds::start({2, {{0, 1}}, 5 * kNsPerS, 0.02}, kStart);
  ASSERT_TRUE(started);
  PairedRounds r = std::move(*started);
  // Rounds of 1.2 s with ratios ±10%: never precise; 4 rounds end at 4.8 s, a fifth would end at 6 s.
  int i = 0;
  while (!r.stopped()) {
    const double ratio = (i++ % 2 == 0) ? 1.1 : 0.9;
    const std::int64_t now = r.start_ns() + r.elapsed_ns();
    if (!r.next(now)) break;
    feed_round(r, [&](std::size_t arm) { return arm == 0 ? 10 * ratio : 10.0; });
  }
  EXPECT_EQ(r.stopped(), StopReason::budget);
  EXPECT_EQ(r.rounds().size(), 4u);
  EXPECT_LE(r.elapsed_ns(), 5 * kNsPerS);
}

TEST(PairedRounds, TheFirstRoundAlwaysRuns) {
  Result<PairedRounds> r = PairedRounds::start({2, {{0, 1}}, 1, 0.02}, kStart);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->next(kStart + kNsPerS), 0u);
}

TEST(PairedRounds, AFailedSliceRetiresItsArmAndEndsTheLastContrast) {
  PairedRounds r = race();
  feed_round(r, [](std::size_t) { return 10.0; });
  ASSERT_EQ(r.next(r.start_ns() + r.elapsed_ns()), 1u);  // round 2 starts with B
  Slice failed;
  failed.arm = 1;
  failed.error = runtime_error("worker failed: vmsplice: Invalid argument [EINVAL]");
  r.record(failed);
  EXPECT_EQ(r.stopped(), StopReason::failed);
  EXPECT_FALSE(r.live(1));
  ASSERT_TRUE(r.failure(1));
  EXPECT_NE(r.failure(1)->message.find("EINVAL"), std::string::npos);
  EXPECT_FALSE(r.failure(0));
  ASSERT_EQ(r.rounds().size(), 2u) << "the round it failed in is kept, A's slice never ran";
  EXPECT_EQ(r.rounds().back().slice_of(0), nullptr);
  EXPECT_FALSE(r.next(r.start_ns() + r.elapsed_ns()));
}

TEST(PairedRounds, RetiredArmsLeaveTheRoundsToCome) {
  PairedRounds r = race(3, {{1, 0}, {2, 0}});
  feed_round(r, [](std::size_t arm) { return 10.0 + static_cast<double>(arm); });
  r.retire(2);
  std::vector<std::size_t> order;
  feed_round(
      r, [](std::size_t arm) { return 10.0 + static_cast<double>(arm); }, {}, &order);
  EXPECT_EQ(order, (std::vector<std::size_t>{1, 0})) << "round 2, backwards, without arm 2";
  EXPECT_FALSE(r.stopped());
  EXPECT_EQ(r.estimate({2, 0}).rounds, 1u);
  r.retire(1);
  EXPECT_EQ(r.stopped(), StopReason::retired);
}

TEST(PairedRounds, ASliceOfAnArmNotDueIsIgnored) {
  PairedRounds r = race();
  ASSERT_EQ(r.next(kStart), 0u);
  Slice wrong;
  wrong.arm = 1;
  wrong.gib_per_s = 10;
  r.record(wrong);
  EXPECT_EQ(r.next(kStart), 0u) << "A is still due: the early B was not taken for it";
  Slice a;
  a.arm = 0;
  a.gib_per_s = 20;
  r.record(a);
  EXPECT_EQ(r.next(kStart), 1u);
  EXPECT_TRUE(r.rounds().empty());
}

TEST(PairedRounds, PlansThatCannotRunAreRefused) {
  const std::vector<std::pair<RoundsPlan, const char*>> bad{
      {{1, {{0, 1}}, kNsPerS, 0.02}, "two configurations"},
      {{2, {}, kNsPerS, 0.02}, "need a contrast"},
      {{2, {{0, 2}}, kNsPerS, 0.02}, "0 over 2"},
      {{2, {{1, 1}}, kNsPerS, 0.02}, "1 over 1"},
      {{2, {{0, 1}}, 0, 0.02}, "budget"},
      {{2, {{0, 1}}, kNsPerS, 0}, "precision"},
      {{2, {{0, 1}}, kNsPerS, 1}, "precision"},
  };
  for (const auto& [plan, words] : bad) {
    const Result<PairedRounds> r = PairedRounds::start(plan, kStart);
    ASSERT_FALSE(r) << words;
    EXPECT_EQ(r.error().kind, ExitCode::usage);
    EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().message;
  }
}

TEST(PairedRounds, PrecisionAsUsersWriteIt) {
  EXPECT_DOUBLE_EQ(*parse_precision("2%"), 0.02);
  EXPECT_DOUBLE_EQ(*parse_precision("0.5"), 0.005);
  for (const char* bad : {"0", "100%", "-1", "two", ""}) {
    const Result<double> p = parse_precision(bad);
    ASSERT_FALSE(p) << bad;
    EXPECT_NE(p.error().hint.find("--precision"), std::string::npos);
  }
}

}  // namespace
}  // namespace pipetop

// The dashboard's A/B (the a key) in-process, over a scripted pair: the key races the configuration
// that runs against the previous one (or the pinned baseline) in paired rounds, switching the pair a
// side every slice in ABBA order; the readout's model carries the ratio and its interval; a again or
// a toggle ends it and the configuration A/B began on runs again.

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "fake_pair_control.hpp"
#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kSec = 1'000'000'000;

// Pinned apart, with the busy loop or without.
RunConfig pinned_with(bool busy_loop) {
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  c.busy_loop = busy_loop;
  return c;
}
RunConfig plain() {
  return pinned_with(false);
}
RunConfig busy() {
  return pinned_with(true);
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// busy runs at 4 GiB/s, everything else at 2: A/B of busy against plain is ×2.
double rate_of(const RunConfig& config) {
  return config.busy_loop ? 4.0 : 2.0;
}

struct AbFixture {
  testing::FakePairControl pair{plain()};
  DashboardController controller{pair,
                                 [] {
                                   DashboardState state;
                                   state.config = plain();
                                   return state;
                                 }(),
                                 "Test CPU", DashboardExports{}};
  std::int64_t t = 1000 * kSec;

  // The pair runs `config` (labelled `label`) from now for `seconds`, 10 ms samples at its rate.
  void run(const RunConfig& config, const std::string& label, double seconds) {
    pair.start(t, config, label);
    std::uint64_t bytes = 0;
    pair.sample(t, bytes);
    const auto end = t + static_cast<std::int64_t>(seconds * 1e9);
    for (std::int64_t at = t + 10 * kMs; at <= end; at += 10 * kMs) {
      bytes += static_cast<std::uint64_t>(rate_of(config) * static_cast<double>(kGiB) / 100);
      pair.sample(at, bytes);
    }
    t = end;
    controller.tick(t);
    t += 50 * kMs;  // the restart
  }
  // Plain runs, then busy: busy is current, plain the previous configuration.
  void plain_then_busy() {
    run(plain(), "write/read", 1.0);
    ASSERT_TRUE(controller.press('b', t));
    run(busy(), "+busy", 1.0);
  }
  // While an A/B runs, up to `count` slices of the side the pair was last asked for; 'A' or 'B' each.
  std::string slices(int count) {
    std::string order;
    for (int i = 0; i < count && controller.state().ab; ++i) {
      const RunConfig asked = pair.changes.back();
      order += asked == busy() ? 'A' : 'B';
      run(asked, "slice", 0.6);
    }
    return order;
  }
};

TEST(DashboardAb, AWithNothingToCompareSaysWhyAndChangesNothing) {
  AbFixture f;
  f.run(plain(), "write/read", 1.0);
  ASSERT_TRUE(f.controller.press('a', f.t));
  const DashboardModel m = f.controller.model(f.t);
  EXPECT_TRUE(m.message_is_error);
  EXPECT_TRUE(has(m.message, "nothing to compare with")) << m.message;
  EXPECT_EQ(m.key_echo, "a → refused");
  EXPECT_FALSE(f.controller.state().ab);
  EXPECT_TRUE(f.pair.changes.empty());
}

TEST(DashboardAb, ARacesThisConfigurationAgainstThePreviousInAbbaOrderUntilPrecise) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_TRUE(f.controller.state().ab);
  ASSERT_EQ(f.pair.changes.size(), 2U);
  EXPECT_EQ(f.pair.changes.back(), busy()) << "A first, restarted: a slice like every other";
  EXPECT_TRUE(has(f.controller.model(f.t).message, "A/B: A +busy against B -busy")) << f.controller.model(f.t).message;
  EXPECT_EQ(f.controller.model(f.t).key_echo, "a → A/B: +busy vs -busy");
  // Six rounds of equal ratios give an interval of no width: precise, so the race stops.
  EXPECT_EQ(f.slices(20), "ABBAABBAABBA");
  EXPECT_FALSE(f.controller.state().ab);
  const DashboardModel m = f.controller.model(f.t);
  ASSERT_TRUE(m.ab);
  EXPECT_FALSE(m.ab->running);
  EXPECT_EQ(m.ab->estimate.rounds, 6U);
  EXPECT_EQ(m.ab->estimate.dropped, 0U);
  ASSERT_TRUE(m.ab->estimate.interval);
  EXPECT_NEAR(m.ab->estimate.interval->median, 2.0, 0.01);
  EXPECT_NEAR(m.ab->estimate.interval->low, 2.0, 0.01);
  EXPECT_EQ(m.ab->estimate.change(), Change::faster);
  EXPECT_NEAR(*m.ab->sides[0].median_gib_per_s, 4.0, 0.01);
  EXPECT_NEAR(*m.ab->sides[1].median_gib_per_s, 2.0, 0.01);
  EXPECT_EQ(m.ab->labels[0], "+busy");
  EXPECT_EQ(m.sides.size(), 12U);
  EXPECT_TRUE(has(m.ab->ended, "within ±2")) << m.ab->ended;
  EXPECT_EQ(f.pair.changes.back(), busy()) << "the last slice was A's: A runs on";
  EXPECT_EQ(f.controller.state().config, busy());
}

TEST(DashboardAb, TheRatioRunsLiveWhileTheRaceGoesOn) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(4), "ABBA");
  const DashboardModel m = f.controller.model(f.t);
  ASSERT_TRUE(m.ab);
  EXPECT_TRUE(m.ab->running);
  EXPECT_EQ(m.ab->estimate.rounds, 2U);
  ASSERT_TRUE(m.ab->estimate.median);
  EXPECT_NEAR(*m.ab->estimate.median, 2.0, 0.01);
  EXPECT_FALSE(m.ab->estimate.interval) << "six rounds before an interval";
  EXPECT_TRUE(f.controller.history().segments().size() > 4);
  EXPECT_TRUE(m.message.empty() || !has(m.message, "now:")) << "slices do not flash their labels: " << m.message;
}

TEST(DashboardAb, AAgainEndsItAndARunsAgain) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(2), "AB");
  ASSERT_EQ(f.pair.changes.back(), plain()) << "the second round begins with B";
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_FALSE(f.controller.state().ab);
  EXPECT_EQ(f.pair.changes.back(), busy());
  EXPECT_EQ(f.controller.state().config, busy());
  const DashboardModel m = f.controller.model(f.t);
  EXPECT_EQ(m.key_echo, "a → A/B off");
  ASSERT_TRUE(m.ab);
  EXPECT_FALSE(m.ab->running);
  EXPECT_EQ(m.ab->estimate.rounds, 1U) << "what was raced stays on show";
  EXPECT_EQ(m.ab->ended, "A/B ended by a");
  const std::size_t changes = f.pair.changes.size();
  f.run(busy(), "+busy", 1.0);
  EXPECT_EQ(f.pair.changes.size(), changes) << "no more switching";
  ASSERT_EQ(m.sides.size(), 2U);
  const DashboardModel after = f.controller.model(f.t);
  ASSERT_EQ(after.sides.size(), 3U);
  EXPECT_EQ(after.sides.back().start_ns, after.history.segments().back().start_ns)
      << "A running on after the race is A's, a moment long: no marker of its own";
  EXPECT_EQ(after.sides.back().end_ns, after.sides.back().start_ns);
}

TEST(DashboardAb, AToggleEndsItAndAppliesToA) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(2), "AB");
  ASSERT_TRUE(f.controller.press('h', f.t));
  EXPECT_FALSE(f.controller.state().ab);
  RunConfig busy_huge = busy();
  busy_huge.huge_pages = true;
  EXPECT_EQ(f.pair.changes.back(), busy_huge) << "B's configuration is left behind";
  EXPECT_EQ(f.controller.state().config, busy_huge);
  const DashboardModel m = f.controller.model(f.t);
  EXPECT_FALSE(m.ab) << "the race's figures were of the configuration left";
  EXPECT_EQ(m.sides.size(), 2U) << "its slices stay shaded, without a marker each";
  f.run(busy_huge, "+busy +huge", 1.0);  // the pair says it from B, which ran last
  EXPECT_EQ(f.controller.model(f.t).history.segments().back().label, "+huge") << "the marker says what the key did";
}

TEST(DashboardAb, AnEndedRacesSlicesStayShadedWhileTheChartHoldsThem) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(2), "AB");
  ASSERT_TRUE(f.controller.press('h', f.t));  // ends it
  RunConfig busy_huge = busy();
  busy_huge.huge_pages = true;
  f.run(busy_huge, "+huge", 1.0);
  ASSERT_TRUE(f.controller.press('h', f.t));  // huge pages off again: busy is A, busy huge is B
  f.run(busy(), "-huge", 1.0);
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(1), "A");
  EXPECT_EQ(f.controller.model(f.t).sides.size(), 3U) << "the earlier race's two slices and this one's first";
  ASSERT_TRUE(f.controller.press('a', f.t));  // ends it
  f.run(busy(), "steady", DashboardController::kWindowNs / 1e9 + 1);
  ASSERT_TRUE(f.controller.press('b', f.t));
  EXPECT_TRUE(f.controller.model(f.t).sides.empty()) << "a minute on, the chart holds none of them";
}

TEST(DashboardAb, ResetClearsTheSidesWithTheChart) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(2), "AB");
  ASSERT_TRUE(f.controller.press('a', f.t));
  ASSERT_EQ(f.controller.model(f.t).sides.size(), 2U);
  ASSERT_TRUE(f.controller.press('r', f.t));
  EXPECT_TRUE(f.controller.model(f.t).sides.empty());
  EXPECT_FALSE(f.controller.model(f.t).ab);
}

TEST(DashboardAb, APinnedBaselineIsB) {
  AbFixture f;
  f.run(plain(), "write/read", 1.0);
  ASSERT_TRUE(f.controller.press('B', f.t));
  ASSERT_TRUE(f.controller.press('h', f.t));
  RunConfig huge = plain();
  huge.huge_pages = true;
  f.run(huge, "+huge", 1.0);
  ASSERT_TRUE(f.controller.press('b', f.t));
  RunConfig huge_busy = huge;
  huge_busy.busy_loop = true;
  f.run(huge_busy, "+busy", 1.0);
  ASSERT_TRUE(f.controller.press('a', f.t));
  ASSERT_TRUE(f.controller.state().ab);
  EXPECT_TRUE(has(f.controller.model(f.t).message, "(the baseline)")) << f.controller.model(f.t).message;
  f.run(huge_busy, "slice", 0.6);
  EXPECT_EQ(f.pair.changes.back(), plain()) << "B is the baseline, not the previous configuration (+huge)";
}

TEST(DashboardAb, AKernelRefusalOfASideEndsItAndARunsAgain) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(1), "A");
  f.pair.report(ChangeRefused{f.t, plain(), "writer: mlock: Cannot allocate memory [ENOMEM]"});
  f.controller.tick(f.t);
  EXPECT_FALSE(f.controller.state().ab);
  EXPECT_EQ(f.pair.changes.back(), busy());
  const DashboardModel m = f.controller.model(f.t);
  EXPECT_TRUE(m.message_is_error);
  EXPECT_TRUE(has(m.message, "A/B ended: B refused: writer: mlock")) << m.message;
}

TEST(DashboardAb, APairThatStopsEndsItWithTheReason) {
  AbFixture f;
  f.plain_then_busy();
  ASSERT_TRUE(f.controller.press('a', f.t));
  EXPECT_EQ(f.slices(1), "A");
  f.pair.report(PairProblem{f.t, "writer: killed by signal 9"});
  f.pair.set_phase(PairPhase::stopped);
  f.controller.tick(f.t);
  EXPECT_FALSE(f.controller.state().ab);
  const DashboardModel m = f.controller.model(f.t);
  EXPECT_TRUE(m.message_is_error);
  EXPECT_TRUE(has(m.message, "A/B ended: writer: killed by signal 9")) << m.message;
}

}  // namespace
}  // namespace pipetop

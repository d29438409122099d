// Rounds cut at their median wake-up round trip: two states with their own ratios, two close in
// wake-ups but not in ratio, a wake-up that moves while the ratio holds, one state with outliers, too
// few readings, rounds without one, and the words.

#include "pipetop/core/experiment/wakeup_phases.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <vector>

namespace pipetop {
namespace {

// One round: A's and B's figures and the wake-up read before it (none: not read).
struct Scripted {
  double a = 0;
  double b = 0;
  std::optional<double> wakeup_us;
  bool b_disturbed = false;
};

PairedRounds raced(const std::vector<Scripted>& script) {
  Result<PairedRounds> r = PairedRounds::start({2, {{0, 1}}, 3600 * kNsPerS, 1e-9}, 0);
  EXPECT_TRUE(r);
  std::int64_t now = 0;
  for (const Scripted& round : script) {
    bool first = true;
    for (int turn = 0; turn < 2; ++turn) {
      const std::optional<std::size_t> arm = r->next(now);
      if (!arm) {
        ADD_FAILURE() << "the race stopped early";
        return std::move(*r);
      }
      Slice slice;
      slice.arm = *arm;
      slice.gib_per_s = *arm == 0 ? round.a : round.b;
      slice.disturbed = *arm == 1 && round.b_disturbed;
      slice.wakeup_us = first ? round.wakeup_us : std::nullopt;
      slice.started_ns = now;
      now += 300 * kNsPerMs;
      slice.ended_ns = now;
      r->record(slice);
      first = false;
    }
  }
  return std::move(*r);
}

// `n` rounds of A at `a`, B at `b` with a wobble (±2%), each wake-up `us` with another (±2%).
void add(std::vector<Scripted>& script, std::size_t n, double a, double b, double us) {
  const double wobble[] = {1.0, 0.98, 1.02, 0.99, 1.01};
  for (std::size_t i = 0; i < n; ++i) script.push_back({a, b * wobble[i % 5], us * wobble[(i + 2) % 5]});
}

TEST(WakeupPhases, TwoStatesEachWithItsOwnRatio) {
  // As on our VM: busy over blocking ×4.5 with 25 µs wake-ups, then ×2.2 with 15 µs.
  std::vector<Scripted> script;
  add(script, 12, 37, 8.2, 25);
  add(script, 20, 57, 26, 15);
  const std::optional<WakeupPhases> p = wakeup_phases(raced(script), {0, 1});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->quick.rounds, 20u) << "cut where the wake-ups jump, not at their median";
  EXPECT_EQ(p->slow.rounds, 12u);
  EXPECT_NEAR(p->quick.wakeup_us, 15, 0.3);
  EXPECT_NEAR(p->slow.wakeup_us, 25, 0.5);
  EXPECT_NEAR(p->quick.ratio.median, 57.0 / 26, 0.05);
  EXPECT_NEAR(p->slow.ratio.median, 37 / 8.2, 0.1);
  EXPECT_LT(p->quick.ratio.high, p->slow.ratio.low);
  EXPECT_GT(p->threshold_us, 24.0);
  EXPECT_EQ(wakeup_phases_words(*p).find("the ratio followed the machine's state: ×2.19 ("), 0u)
      << wakeup_phases_words(*p);
  EXPECT_NE(wakeup_phases_words(*p).find(") in the 20 rounds with the quicker wake-ups (15.0 µs), ×4.51 ("),
            std::string::npos)
      << wakeup_phases_words(*p);
  EXPECT_NE(wakeup_phases_words(*p).find(") in the 12 rounds with the slower wake-ups (25.0 µs)"), std::string::npos)
      << wakeup_phases_words(*p);
}

TEST(WakeupPhases, StatesCloseInWakeUpsButNotInRatioAreTold) {
  // As in a run on our VM: 21.5 µs and 23.5 µs, 9% apart, with ×3.0 and ×4.4.
  std::vector<Scripted> script;
  add(script, 10, 40, 9.1, 23.5);
  add(script, 40, 39, 13, 21.5);
  add(script, 10, 40, 9.1, 23.5);
  const std::optional<WakeupPhases> p = wakeup_phases(raced(script), {0, 1});
  ASSERT_TRUE(p);
  EXPECT_NEAR(p->quick.ratio.median, 3.0, 0.1);
  EXPECT_GT(p->slow.ratio.median, 3.0);
}

TEST(WakeupPhases, AWakeUpThatMovesWithoutTheRatioIsNoDependence) {
  std::vector<Scripted> script;
  add(script, 15, 40, 20, 15);
  add(script, 15, 40, 20, 25);  // the machine changed, and the ratio with it did not
  EXPECT_FALSE(wakeup_phases(raced(script), {0, 1}));
}

TEST(WakeupPhases, OneStateWithNoiseAndOutliersIsOne) {
  std::vector<Scripted> script;
  add(script, 30, 40, 20, 15);
  for (const std::size_t i : {3u, 7u, 19u, 22u}) {
    script[i].wakeup_us = 60;  // probes the hypervisor held up
    script[i].b = 12;          // in rounds that went badly too
  }
  EXPECT_FALSE(wakeup_phases(raced(script), {0, 1})) << "four odd rounds move no half's interval";
}

TEST(WakeupPhases, OnlyKeptRoundsWithAReadingCount) {
  std::vector<Scripted> script;
  add(script, 6, 40, 20, 15);
  add(script, 6, 40, 10, 30);
  EXPECT_TRUE(wakeup_phases(raced(script), {0, 1})) << "six kept rounds in each half give each an interval";
  script[11].b_disturbed = true;  // dropped: eleven left, five in the quicker half
  EXPECT_FALSE(wakeup_phases(raced(script), {0, 1}));
  script[11].b_disturbed = false;
  script[0].wakeup_us.reset();
  EXPECT_FALSE(wakeup_phases(raced(script), {0, 1})) << "a round without a reading is no evidence";
  std::vector<Scripted> unread;
  add(unread, 20, 40, 20, 15);
  for (Scripted& s : unread) s.wakeup_us.reset();
  EXPECT_FALSE(wakeup_phases(raced(unread), {0, 1}));
}

}  // namespace
}  // namespace pipetop

// The dashboard's tour in-process, over a scripted pair: each step after the first holds steady for
// its figures, then races the step before in alternating rounds until it ends, and its caption's
// "×N over the last step" becomes that race's paired ratio with its interval.

#include <gtest/gtest.h>

#include <string>

#include "fake_pair_control.hpp"
#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kSec = 1'000'000'000;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

RunConfig pinned() {
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  return c;
}

// vmsplice doubles the rate of write/read; nothing else in the first steps changes it.
double rate_of(const RunConfig& config) {
  return config.writer == WriterKind::vmsplice ? 2.0 : 1.0;
}

struct TourFixture {
  testing::FakePairControl pair{pinned()};
  DashboardController controller{pair,
                                 [] {
                                   DashboardState state;
                                   state.config = pinned();
                                   return state;
                                 }(),
                                 "Test CPU", DashboardExports{}};
  std::int64_t t = 1000 * kSec;

  // The pair runs `config` from now for `seconds`, 10 ms samples at its rate, ticked every 100 ms.
  void run(const RunConfig& config, double seconds) {
    pair.start(t, config, "slice");
    std::uint64_t bytes = 0;
    pair.sample(t, bytes);
    const auto end = t + static_cast<std::int64_t>(seconds * 1e9);
    for (std::int64_t at = t + 10 * kMs; at <= end; at += 10 * kMs) {
      bytes += static_cast<std::uint64_t>(rate_of(config) * static_cast<double>(kGiB) / 100);
      pair.sample(at, bytes);
      if ((at - t) % (100 * kMs) == 0) controller.tick(at);
    }
    t = end + 50 * kMs;  // the restart
  }
  // What the pair was last asked to run, for `seconds`: a copy, since the ticks add to `changes`.
  void run_asked(double seconds) {
    const RunConfig asked = pair.changes.empty() ? pair.config() : pair.changes.back();
    run(asked, seconds);
  }
};

TEST(DashboardTour, AStepHoldsSteadyThenRacesTheOneBeforeAndItsCaptionQuotesThePairedRatio) {
  TourFixture f;
  const std::vector<TourStep> steps = tour_steps(pinned());
  f.controller.start_tour(steps, 12 * kSec, f.t);
  EXPECT_TRUE(f.pair.changes.empty()) << "the pair already runs the first step";
  f.run(pinned(), 12.1);  // step 1 ends: step 2 (+vmsplice) starts
  EXPECT_FALSE(f.controller.state().ab) << "the first step raced nothing";
  ASSERT_EQ(f.controller.tour_schedule()->step(), 1U);
  ASSERT_EQ(f.pair.changes.size(), 1U);
  EXPECT_EQ(f.pair.changes.back().writer, WriterKind::vmsplice);

  f.run_asked(2.7);  // steady, for the figures (2.85 s of the step): no race yet, the means' ratio
  EXPECT_FALSE(f.controller.state().ab);
  std::string caption = f.controller.model(f.t).tour->caption;
  EXPECT_TRUE(has(caption, "×2.0 over the last step (1.00 → 2.00 GiB/s).")) << caption;
  EXPECT_FALSE(has(caption, "racing")) << caption;
  f.run_asked(0.4);  // past kTourSteadyNs: the race starts, A first on a fresh segment
  ASSERT_TRUE(f.controller.state().ab);
  ASSERT_EQ(f.pair.changes.size(), 2U);
  EXPECT_EQ(f.pair.changes.back().writer, WriterKind::vmsplice);
  caption = f.controller.model(f.t).tour->caption;
  EXPECT_TRUE(has(caption, "(1.00 → 2.00 GiB/s). Now racing it against the last step in alternating rounds…"))
      << caption;

  std::string order;
  for (int i = 0; i < 40 && f.controller.state().ab; ++i) {
    order += f.pair.changes.back().writer == WriterKind::vmsplice ? 'A' : 'B';
    f.run_asked(0.3);
  }
  // Equal ratios give an interval of no width after six rounds: precise, the race stops, A runs on.
  EXPECT_EQ(order, "ABBAABBAABBA");
  EXPECT_FALSE(f.controller.state().ab);
  EXPECT_EQ(f.pair.changes.back().writer, WriterKind::vmsplice);
  EXPECT_EQ(f.controller.tour_schedule()->step(), 1U) << "within the step's 12 s";

  caption = f.controller.model(f.t).tour->caption;
  EXPECT_TRUE(has(caption, "×2.0 over the last step (1.00 → 2.00 GiB/s, 95% CI 2.00–2.00, 6 paired rounds)."))
      << caption;
  const std::optional<StepRace>& race = f.controller.tour_races()[1];
  ASSERT_TRUE(race);
  EXPECT_EQ(race->ratio.rounds, 6U);
  EXPECT_FALSE(f.controller.tour_races()[0]) << "the first step races nothing";
  f.run_asked(1.0);
  EXPECT_FALSE(f.controller.state().ab) << "one race a step";
}

TEST(DashboardTour, TheNextStepEndsTheRaceAndHoldsItselfSteadyFirst) {
  TourFixture f;
  f.controller.start_tour(tour_steps(pinned()), 8 * kSec, f.t);
  f.run(pinned(), 8.1);
  f.run_asked(3.1);
  ASSERT_TRUE(f.controller.state().ab);
  f.run_asked(0.3);  // A's slice
  f.run_asked(0.3);  // B's
  ASSERT_TRUE(f.controller.press(kKeyRight, f.t));
  EXPECT_EQ(f.controller.tour_schedule()->step(), 2U);
  EXPECT_FALSE(f.controller.state().ab) << "+splice holds steady before its own race";
  EXPECT_EQ(f.pair.changes.back().reader, ReaderKind::splice);
  const std::optional<StepRace>& left = f.controller.tour_races()[1];
  ASSERT_TRUE(left) << "the step left keeps what its race measured";
  EXPECT_EQ(left->ratio.rounds, 1U);
  EXPECT_FALSE(f.controller.tour_races()[2]);
  const DashboardModel m = f.controller.model(f.t);
  EXPECT_FALSE(m.ab) << "the readout is the new step's";
  EXPECT_EQ(m.sides.size(), 2U) << "the race's slices stay shaded on the chart";
  f.run_asked(0.5);
  EXPECT_EQ(f.controller.model(f.t).history.segments().back().label, "+splice")
      << "the step's marker says what it changed from the step before, not from B's slice";
}

TEST(DashboardTour, AtTheEndTheSummaryShowsAndNoRaceLingersInTheReadout) {
  TourFixture f;
  const std::vector<TourStep> steps = tour_steps(pinned());
  f.controller.start_tour(steps, 8 * kSec, f.t);
  f.run(pinned(), 8.1);
  for (int i = 0; i < 400 && !f.controller.tour_schedule()->finished(); ++i) f.run_asked(0.3);
  ASSERT_TRUE(f.controller.tour_schedule()->finished());
  EXPECT_FALSE(f.controller.state().ab);
  const DashboardModel m = f.controller.model(f.t);
  ASSERT_TRUE(m.tour);
  EXPECT_FALSE(m.tour->summary.empty());
  EXPECT_FALSE(m.ab) << "the summary holds each race's figures";
  EXPECT_FALSE(m.sides.empty());
  EXPECT_EQ(f.pair.changes.back(), steps.back().config) << "the last step runs on behind the summary";
}

}  // namespace
}  // namespace pipetop

// check's steps in paired rounds, on synthetic slices: the plan (a contrast per step, and zero copy
// against write/read), estimates by rung name, and what an interval allows a step to be called.

#include "pipetop/core/experiment/ladder_steps.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fake_trial_runner.hpp"
#include "pipetop/core/base/duration.hpp"
#include "raced_steps.hpp"

namespace pipetop {
namespace {

TEST(LadderRoundsPlan, EveryRungIsAnArmAndEveryStepAContrast) {
  const std::vector<Rung> rungs = ladder_rungs(RunConfig{});
  const RoundsPlan plan = ladder_rounds_plan(rungs, 30 * kNsPerS, 0.02);
  EXPECT_EQ(plan.arms, rungs.size());
  EXPECT_EQ(plan.budget_ns, 30 * kNsPerS);
  EXPECT_DOUBLE_EQ(plan.precision, 0.02);
  ASSERT_EQ(plan.contrasts.size(), rungs.size());  // five steps and vmsplice/splice over write/read
  for (std::size_t i = 1; i < rungs.size(); ++i) EXPECT_EQ(plan.contrasts[i - 1], (Contrast{i, i - 1}));
  EXPECT_EQ(plan.contrasts.back(), (Contrast{3, 0}));
  EXPECT_EQ(step_contrast(4), (Contrast{4, 3}));
}

TEST(LadderRoundsPlan, ZeroCopyIsNotRepeatedWhenItIsAStep) {
  const std::vector<Rung> rungs{{"write/read", RunConfig{}}, {"vmsplice/splice", RunConfig{}}};
  EXPECT_EQ(ladder_rounds_plan(rungs, kNsPerS, 0.02).contrasts, std::vector<Contrast>{(Contrast{1, 0})});
}

std::vector<RungResult> measured(const std::vector<double>& rates) {
  testing::FakeTrialRunner runner;
  std::vector<RungResult> results;
  const std::vector<Rung> rungs = ladder_rungs(RunConfig{});
  for (std::size_t i = 0; i < rates.size(); ++i) {
    const double rate = rates[i];
    testing::FakeTrialRunner fixed([rate](const RunConfig&, std::int64_t) { return std::optional(rate); });
    results.push_back(rung_result(rungs[i], {fixed.run(rungs[i].config, kNsPerS)}));
  }
  return results;
}

// Each rung's figure doubles between rounds (the VM's phases), yet every step comes out exact: the
// rungs of a round share its phase.
TEST(LadderSteps, PhasesCancelWithinARound) {
  const LadderSteps steps = testing::raced_steps(measured({3.5, 4.0, 6.3, 12.7, 32.8, 62.5}));
  const std::optional<RatioEstimate> busy = steps.estimate("vmsplice/splice +huge +busy", "vmsplice/splice +huge");
  ASSERT_TRUE(busy && busy->interval);
  EXPECT_NEAR(busy->interval->median, 62.5 / 32.8, 1e-9);
  EXPECT_NEAR(busy->interval->low, busy->interval->high, 1e-9);
  EXPECT_EQ(busy->change(), Change::faster);
  EXPECT_GT(steps.rounds.arm_figures(0).spread().value_or(0), 1.9);  // the rung itself varied 2×
  EXPECT_EQ(steps.estimate("write/read", "no such rung"), std::nullopt);
  const std::optional<RatioEstimate> zero_copy = steps.estimate("vmsplice/splice", "write/read");
  ASSERT_TRUE(zero_copy && zero_copy->median);
  EXPECT_NEAR(*zero_copy->median, 12.7 / 3.5, 1e-9);
}

// Ratios scattered on both sides of 1: the step is "no change shown", neither faster nor slower.
TEST(LadderSteps, AnIntervalHoldingOneShowsNoChange) {
  const std::vector<Rung> rungs = ladder_rungs(RunConfig{});
  PairedRounds race = *PairedRounds::start(ladder_rounds_plan(rungs, 1000 * kNsPerS, 0.001), 0);
  const std::vector<double> huge_over_splice{0.7, 1.4, 0.9, 1.2, 0.8, 1.1, 1.3, 0.95};
  std::int64_t now = 0;
  while (const std::optional<std::size_t> arm = race.next(now)) {
    const std::size_t round = race.rounds().size();
    if (round >= huge_over_splice.size()) break;
    Slice slice;
    slice.arm = *arm;
    slice.gib_per_s = 10.0;
    slice.started_ns = now;
    slice.ended_ns = now + kNsPerMs;
    if (*arm == 4) slice.gib_per_s = 10.0 * huge_over_splice[round];
    if (*arm == 1 && round == 2) slice.disturbed = true;  // dropped from its two steps only
    now += kNsPerMs;
    race.record(slice);
  }
  const LadderSteps steps{{}, race, kNsPerMs};
  const RatioEstimate huge = race.estimate(step_contrast(4));
  EXPECT_EQ(huge.change(), Change::none_shown);
  EXPECT_EQ(change_words(huge.change()), "no change shown");
  EXPECT_EQ(race.estimate(step_contrast(1)).dropped, 1u);
  EXPECT_EQ(race.estimate(step_contrast(2)).dropped, 1u);
  EXPECT_EQ(race.estimate(step_contrast(3)).dropped, 0u);
  EXPECT_EQ(race.estimate(step_contrast(3)).change(), Change::none_shown);  // 1.0 exactly: no change
}

TEST(LadderSteps, ChangeWords) {
  EXPECT_EQ(change_words(Change::faster), "faster");
  EXPECT_EQ(change_words(Change::slower), "slower");
  EXPECT_EQ(change_words(Change::unknown), "too few rounds");
}

TEST(LadderSteps, TooFewRoundsForAnInterval) {
  const LadderSteps steps = testing::raced_steps(measured({3.5, 4.0, 6.3, 12.7, 32.8, 62.5}), 3);
  const std::optional<RatioEstimate> e = steps.estimate("write/read +busy", "write/read");
  ASSERT_TRUE(e && e->median);
  EXPECT_FALSE(e->interval);
  EXPECT_EQ(e->change(), Change::unknown);
}

}  // namespace
}  // namespace pipetop

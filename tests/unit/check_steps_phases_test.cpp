// check's steps when a step's ratio followed the machine's state: the step's line is followed by the
// ratio in each state, in text and JSON; a step whose ratio held has none.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "pipetop/core/experiment/ladder_steps.hpp"
#include "pipetop/core/report/check_report.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

// Three rungs raced for 16 rounds: the second step's ratio is ×2 with 15 µs wake-ups for 8 rounds,
// then ×4 with 25 µs; the first step's is ×3 throughout.
LadderSteps steps_with_a_state_change() {
  RoundsPlan plan{3, {step_contrast(1), step_contrast(2)}, 3600 * kNsPerS, 1e-9};
  PairedRounds race = *PairedRounds::start(plan, 0);
  std::int64_t now = 0;
  for (int round = 0; round < 16; ++round) {
    const bool slow = round >= 8;
    // Each rung's own noise (so no interval shrinks to a point and stops the race early).
    const double figures[3] = {2.0, 6.0 * (1.0 + 0.02 * (round % 3)),
                               (slow ? 24.0 : 12.0) * (1.0 + 0.03 * (round % 4))};
    for (int turn = 0; turn < 3; ++turn) {
      const std::optional<std::size_t> arm = race.next(now);
      if (!arm) break;
      Slice slice;
      slice.arm = *arm;
      slice.gib_per_s = figures[*arm];
      if (turn == 0) slice.wakeup_us = slow ? 25.0 : 15.0;
      slice.started_ns = now;
      now += 100 * kNsPerMs;
      slice.ended_ns = now;
      race.record(slice);
    }
  }
  return {{"write/read", "vmsplice/read", "vmsplice/splice"}, std::move(race), 100 * kNsPerMs};
}

TEST(CheckStepsPhases, AStepWhoseRatioFollowedTheStateSaysSo) {
  CheckOutcome check;
  check.steps = steps_with_a_state_change();
  const std::string text = check_text(check);
  const std::size_t first = text.find("  vmsplice/read ");
  const std::size_t second = text.find("  vmsplice/splice ");
  ASSERT_NE(first, std::string::npos) << text;
  ASSERT_NE(second, std::string::npos) << text;
  EXPECT_EQ(text.substr(first, second - first).find("followed"), std::string::npos) << text;
  const std::string after = text.substr(second, text.find("  stability:") - second);
  EXPECT_NE(after.find("\n    the ratio followed the machine's state: ×2.0"), std::string::npos) << text;
  EXPECT_NE(after.find("in the 8 rounds with the slower wake-ups (25.0 µs)"), std::string::npos) << text;
  EXPECT_NE(text.find("wake-up round trip 20.0 µs (15.0–25.0 between rounds)"), std::string::npos) << text;

  const std::optional<nlohmann::json> doc = test_json::parse(check_json(check));
  ASSERT_TRUE(doc) << check_json(check);
  const nlohmann::json& each = (*doc)["steps"]["each"];
  ASSERT_EQ(each.size(), 2u);
  EXPECT_TRUE(each[0]["phases"].is_null());
  EXPECT_EQ(each[1]["phases"]["quick"]["rounds"], 8);
  EXPECT_NEAR(each[1]["phases"]["slow"]["ratio"].get<double>(), 4.0, 0.15);
  EXPECT_EQ((*doc)["stability"]["wakeup_max_us"], 25.0);
}

}  // namespace
}  // namespace pipetop

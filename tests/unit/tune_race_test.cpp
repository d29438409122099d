// The tuner's race (tune_race.hpp) fed by hand: a candidate shown faster takes the lead, one shown
// slower is dropped in the round its interval falls below 1 (not before: no interval below 6 rounds),
// a failed incumbent hands over the lead, and where the race ends before an interval separates two
// arms the better median over the incumbent wins.

#include "pipetop/core/experiment/tune_race.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

// A race of `arms` arms fed round by round: round i gives arm a the figure figures[a][i] (none: it
// failed), every slice 100 ms, each completed round handed to `race`.
PairedRounds feed(TuneRace& race, const std::vector<std::vector<std::optional<double>>>& figures) {
  Result<PairedRounds> r = PairedRounds::start(race_plan(figures.size(), 3600 * kNsPerS, 0.001), 0);
  EXPECT_TRUE(r);
  std::int64_t now = 0;
  std::vector<std::size_t> taken(figures.size(), 0);
  while (const std::optional<std::size_t> arm = r->next(now)) {
    if (taken[*arm] == figures[*arm].size()) break;
    Slice slice;
    slice.arm = *arm;
    slice.gib_per_s = figures[*arm][taken[*arm]++];
    if (!slice.gib_per_s) slice.error = runtime_error("worker failed");
    slice.started_ns = now;
    now += 100 * kNsPerMs;
    slice.ended_ns = now;
    const std::size_t completed = r->rounds().size();
    r->record(slice);
    if (r->rounds().size() > completed) race.after_round(*r);
  }
  return std::move(*r);
}

TEST(TuneRace, AFasterCandidateLeadsAndTheSlowerAreDroppedOnceAnIntervalShowsIt) {
  TuneRace race;
  const std::vector<std::optional<double>> article{20, 21, 19, 20, 22, 20, 20, 20};
  const std::vector<std::optional<double>> faster{30, 31, 29, 30, 33, 30, 30, 30};
  const std::vector<std::optional<double>> slower{10, 10, 11, 9, 10, 10, 10, 10};
  const PairedRounds r = feed(race, {article, faster, slower});
  EXPECT_EQ(race.incumbent(), 1u);
  ASSERT_EQ(race.leads().size(), 1u);
  EXPECT_EQ(race.leads().front().arm, 1u);
  EXPECT_EQ(race.leads().front().after_round, 6u);
  ASSERT_TRUE(race.leads().front().estimate.has_value());
  EXPECT_EQ(race.leads().front().estimate->change(), Change::faster);
  ASSERT_EQ(race.drops().size(), 2u);
  for (const std::size_t arm : {std::size_t{0}, std::size_t{2}}) {
    const TuneDrop* drop = race.drop_of(arm);
    ASSERT_NE(drop, nullptr) << arm;
    EXPECT_EQ(drop->after_round, 6u) << arm;
    EXPECT_EQ(drop->incumbent, 1u) << arm;
  }
  EXPECT_EQ(r.stopped(), StopReason::retired);
  EXPECT_EQ(race.winner(r), 1u);
}

TEST(TuneRace, AFailedIncumbentHandsTheLeadToTheFastestLeft) {
  TuneRace race;
  const PairedRounds r = feed(race, {{std::nullopt}, {20, 20}, {30, 30}, {25, 25}});
  ASSERT_FALSE(race.leads().empty());
  EXPECT_EQ(race.leads().front().arm, 2u);
  EXPECT_FALSE(race.leads().front().estimate.has_value());
  EXPECT_EQ(race.incumbent(), 2u);
  EXPECT_TRUE(race.drops().empty()) << "no interval yet";
  EXPECT_EQ(race.winner(r), 2u);
}

TEST(TuneRace, WhenNoIntervalSeparatesThemTheBetterMedianOverTheIncumbentWins) {
  TuneRace race;
  const std::vector<std::optional<double>> article{20, 20, 20, 20, 20, 20, 20};
  const std::vector<std::optional<double>> close{24, 19, 22, 18, 23, 21, 21.6};  // ×1.08, interval holds 1
  const PairedRounds r = feed(race, {article, close});
  EXPECT_EQ(race.incumbent(), 0u);
  EXPECT_TRUE(race.leads().empty());
  EXPECT_TRUE(race.drops().empty());
  EXPECT_EQ(r.estimate({1, 0}).change(), Change::none_shown);
  EXPECT_EQ(race.winner(r), 1u);
  // Too few rounds for an interval: the incumbent keeps it.
  TuneRace early;
  const PairedRounds few = feed(early, {{20, 20, 20}, {30, 30, 30}});
  EXPECT_EQ(early.winner(few), 0u);
}

}  // namespace
}  // namespace pipetop

#pragma once
// The tuner's race: every configuration an arm of one set of paired rounds (paired_rounds.hpp), raced
// against an incumbent, the article's final configuration (arm 0) at first. After each round, a
// candidate whose interval of its ratio to the incumbent lies wholly above 1 takes the incumbent's place
// (the fastest such, by its median), and every candidate whose interval lies wholly below 1 is dropped.
// Rounds where either side was disturbed never count (Round::ratio), so a disturbed slice never ranks.
// The race ends when one arm is left, when every pair left is known within the precision, or at the
// budget; the winner is then the incumbent, or the arm left whose median over it is higher, from at
// least values_for_interval() kept rounds (the budget ended before an interval could separate them).

#include <cstddef>
#include <optional>
#include <vector>

#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

// A candidate dropped: its ratio to the incumbent when its interval fell below 1.
struct TuneDrop {
  std::size_t arm = 0;
  std::size_t incumbent = 0;
  std::size_t after_round = 0;  // 1-based
  RatioEstimate estimate;       // arm over incumbent
};

// A candidate that took the lead: its ratio to the incumbent it replaced.
struct TuneLead {
  std::size_t arm = 0;
  std::size_t after_round = 0;            // 1-based
  std::optional<RatioEstimate> estimate;  // arm over the incumbent it replaced; none when that one failed
};

// The rounds' plan of a race of `arms` configurations: every pair a contrast (so the race stops once
// each pair left is known within `precision`, or one arm is left). Needs two arms.
[[nodiscard]] RoundsPlan race_plan(std::size_t arms, std::int64_t budget_ns, double precision);

class TuneRace {
 public:
  // The RoundObserver of the race (round_runner.hpp): takes the lead, drops candidates.
  void after_round(PairedRounds& rounds);
  // After the race: the incumbent, or the arm left with a higher median over it (see above).
  [[nodiscard]] std::size_t winner(const PairedRounds& rounds) const;

  [[nodiscard]] std::size_t incumbent() const { return incumbent_; }
  [[nodiscard]] const std::vector<TuneDrop>& drops() const { return drops_; }
  [[nodiscard]] const std::vector<TuneLead>& leads() const { return leads_; }
  // The drop of `arm`; nullptr while it races (or won, or failed).
  [[nodiscard]] const TuneDrop* drop_of(std::size_t arm) const;

 private:
  void replace_failed_incumbent(const PairedRounds& rounds);
  std::size_t incumbent_ = 0;
  std::vector<TuneDrop> drops_;
  std::vector<TuneLead> leads_;
};

}  // namespace pipetop

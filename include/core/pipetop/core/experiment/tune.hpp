#pragma once
// The search for this machine's fastest pipe over buffer size (64 KiB … 4 MiB), huge pages, busy loop
// and pinning (the pipe follows the vmsplice rule), within a time budget, in two races of paired rounds
// (paired_rounds.hpp): first every candidate against an incumbent, the article's final configuration
// at first (tune_race.hpp: a candidate shown faster takes the lead, one shown slower is dropped), then
// the winner against the article's final configuration, whose ratio is reported with its 95% interval.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/experiment/tune_race.hpp"
#include "pipetop/core/machine/cpu_list.hpp"

namespace pipetop {

// The race's share of the budget; the confirmation has the rest (and what the race left unused).
inline constexpr double kTuneRaceShare = 0.7;

// The confirmation's contrast: the winner (arm 0) over the article's final configuration (arm 1).
inline constexpr Contrast kWinnerOverArticle{0, 1};

struct TuneResult {
  std::vector<RunConfig> arms;               // raced: the article's final configuration (arm 0), then the candidates
  std::optional<PairedRounds> race;          // every arm's rounds
  TuneRace standings;                        // who led, who was dropped and when
  std::int64_t race_slice_ns = 0;            // each race slice's steady part
  std::size_t winner = 0;                    // an arm
  std::optional<PairedRounds> confirmation;  // kWinnerOverArticle; none when the article won, or either failed
  std::int64_t confirm_slice_ns = 0;
  std::optional<Trial> best;     // a slice of the winner that counted (its last), for its summary; none when
                                 // no arm moved data
  std::optional<Trial> article;  // a slice of the article's final configuration, the same way
  // The winner over the article's final configuration: the confirmation's median of its rounds' ratios;
  // exactly 1 when the article won; none without a figure of both.
  [[nodiscard]] std::optional<double> ratio() const;
  // The winner over the article's final configuration in the confirmation's rounds, or in the race's
  // where no budget was left to confirm it; none when the article's won.
  [[nodiscard]] std::optional<RatioEstimate> confirmed() const;
};

// The article's final configuration: vmsplice → splice, huge pages, busy loop, 256 KiB, from `base`.
[[nodiscard]] RunConfig article_final(const RunConfig& base);

// The candidates, most promising first; those `limits` refuse are left out.
[[nodiscard]] std::vector<RunConfig> tune_candidates(const RunConfig& base, const MachineLimits& limits,
                                                     const CpuPair& separate);

// A slice's steady part for `arms` arms to run `rounds` rounds within `budget_ns`, allowing for each
// run's restart: between kShortestSliceNs and kDefaultSliceNs.
[[nodiscard]] std::int64_t tune_slice_ns(std::int64_t budget_ns, std::size_t arms, std::size_t rounds);

// Called before each slice: what it is ("race round 3, 7 of 15 left", "confirm round 2"), the
// configuration it runs, and the budget left.
using TuneProgress = std::function<void(const std::string& step, const RunConfig& config, std::int64_t left_ns)>;

// Races the article's final configuration (arm 0) and `candidates` (those equal to it left out) for
// kTuneRaceShare of `budget_ns`, then confirms the winner against the article's final configuration in
// the rest. Never starts a round that would overrun its race's budget (the first round of each always
// runs); `gauge` (may be null) gives each slice its steal and each round its wake-up round trip. Never
// throws.
[[nodiscard]] TuneResult tune(TrialRunner& runner, const std::vector<RunConfig>& candidates, const RunConfig& article,
                              std::int64_t budget_ns, MachineGauge* gauge, const TuneProgress& progress);

}  // namespace pipetop

#include "pipetop/core/experiment/tune_race.hpp"

#include <algorithm>

namespace pipetop {

RoundsPlan race_plan(std::size_t arms, std::int64_t budget_ns, double precision) {
  RoundsPlan plan{arms, {}, budget_ns, precision};
  for (std::size_t a = 0; a < arms; ++a) {
    for (std::size_t b = a + 1; b < arms; ++b) plan.contrasts.push_back({b, a});
  }
  return plan;
}

void TuneRace::replace_failed_incumbent(const PairedRounds& rounds) {
  if (rounds.live(incumbent_)) return;
  // The next live arm in the candidates' order (most promising first), or the one with the best median.
  std::optional<std::size_t> next;
  std::optional<double> best;
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) {
    if (!rounds.live(arm)) continue;
    const std::optional<double> median = rounds.arm_figures(arm).median_gib_per_s;
    if (!next || (median && (!best || *median > *best))) {
      next = arm;
      best = median;
    }
  }
  if (!next) return;
  incumbent_ = *next;
  leads_.push_back({*next, rounds.rounds().size(), std::nullopt});
}

void TuneRace::after_round(PairedRounds& rounds) {
  replace_failed_incumbent(rounds);
  const std::size_t round = rounds.rounds().size();
  std::optional<std::size_t> faster;
  std::optional<RatioEstimate> faster_estimate;
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) {
    if (arm == incumbent_ || !rounds.live(arm)) continue;
    const RatioEstimate e = rounds.estimate({arm, incumbent_});
    if (e.change() == Change::faster && (!faster_estimate || *e.median > *faster_estimate->median)) {
      faster = arm;
      faster_estimate = e;
    }
  }
  if (faster) {
    incumbent_ = *faster;
    leads_.push_back({*faster, round, faster_estimate});
  }
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) {
    if (arm == incumbent_ || !rounds.live(arm)) continue;
    const RatioEstimate e = rounds.estimate({arm, incumbent_});
    if (e.change() != Change::slower) continue;
    drops_.push_back({arm, incumbent_, round, e});
    rounds.retire(arm);
  }
}

std::size_t TuneRace::winner(const PairedRounds& rounds) const {
  std::size_t winner = incumbent_;
  double best = 1;
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) {
    if (arm == incumbent_ || !rounds.live(arm)) continue;
    const RatioEstimate e = rounds.estimate({arm, incumbent_});
    if (e.interval && e.interval->median > best) {
      winner = arm;
      best = e.interval->median;
    }
  }
  return winner;
}

const TuneDrop* TuneRace::drop_of(std::size_t arm) const {
  const auto it = std::find_if(drops_.begin(), drops_.end(), [arm](const TuneDrop& d) { return d.arm == arm; });
  return it == drops_.end() ? nullptr : &*it;
}

}  // namespace pipetop

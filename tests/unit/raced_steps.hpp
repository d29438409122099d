#pragma once
// Test helper: a measured ladder's steps raced in paired rounds without moving a byte. Each rung's
// slice gives its trial's figure times the round's phase (the same for every rung of a round, as a VM's
// slow and fast phases are, 1× to 2×), so the steps' ratios are the rungs' ratios while each rung's
// own figure varies 2× between rounds (with fewer than two rungs, a race with no step); a failed rung fails its slice,
// a disturbed one is disturbed.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/experiment/ladder_steps.hpp"

namespace pipetop::testing {

inline LadderSteps raced_steps(const std::vector<RungResult>& results, std::size_t rounds = 12) {
  std::vector<Rung> rungs;
  std::vector<std::string> names;
  for (const RungResult& r : results) {
    rungs.push_back(r.rung);
    names.push_back(r.rung.name);
  }
  constexpr std::int64_t kSliceNs = 1'000'000;
  Result<PairedRounds> started = PairedRounds::start(ladder_rounds_plan(rungs, 1'000'000 * kSliceNs, 0.02), 0);
  if (!started) {  // fewer than two rungs: no step to race
    return {std::move(names), std::move(*PairedRounds::start(RoundsPlan{}, 0)), kSliceNs};
  }
  PairedRounds race = std::move(*started);
  constexpr std::array<double, 4> kPhases{1.0, 2.0, 1.3, 1.9};
  std::int64_t now = 0;
  while (const std::optional<std::size_t> arm = race.next(now)) {
    if (race.rounds().size() >= rounds) break;
    const Trial& trial = results[*arm].trial;
    Slice slice;
    slice.arm = *arm;
    slice.error = trial.error;
    slice.disturbed = trial.disturbed();
    if (const std::optional<double> rate = trial.gib_per_s()) {
      slice.gib_per_s = *rate * kPhases[race.rounds().size() % kPhases.size()];
    }
    slice.started_ns = now;
    now += kSliceNs;
    slice.ended_ns = now;
    race.record(slice);
  }
  return {std::move(names), std::move(race), kSliceNs};
}

}  // namespace pipetop::testing

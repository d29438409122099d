#pragma once
// Whether a race's ratio depended on the state of the machine, told by the wake-up round trip read
// before each round (wakeup_probe.hpp). On our VMs the machine moves between states that last a minute
// or two (cross-CPU wake-ups of 15, 21 or 25 µs), and a blocking configuration's figure moves with them
// far more than a busy one's: +busy over blocking was ×2.2 in one state and ×4.5 in another. Paired
// rounds cancel a phase shorter than a round, not a change of the machine that changes the comparison
// itself, so the outputs say when the rounds show one.
//
// The test: the kept rounds sorted by wake-up and cut in two, each part's ratio with its 95%
// order-statistic interval (as the race's own); the ratio depended on the state when the two intervals
// do not overlap. Two cuts are tried: at the widest gap between neighbouring wake-ups (two states far
// apart, however unequal their shares of the race), then at the median (states close in wake-ups: 9%
// apart gave ×3.0 and ×4.4 on our VM). No threshold on the wake-up itself: on a steady machine either
// part is a random sample of one ratio, and their intervals overlap.

#include <cstddef>
#include <optional>
#include <string>

#include "pipetop/core/base/median_interval.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

// One part of the contrast's kept rounds, by their wake-up round trip.
struct WakeupHalf {
  std::size_t rounds = 0;
  double wakeup_us = 0;  // their median wake-up round trip
  MedianInterval ratio;  // their median ratio and its 95% interval
};

struct WakeupPhases {
  double threshold_us = 0;  // where the cut fell: the slow half's quickest wake-up; the quick half's are at most this
  WakeupHalf quick;
  WakeupHalf slow;
};

// The contrast's kept rounds that carry a wake-up reading, cut as above; a value when each part has an
// interval (6 rounds at 95%) and the two do not overlap. nullopt otherwise: the ratio did not show a
// dependence on the machine's state, or too few rounds carry a reading to tell.
[[nodiscard]] std::optional<WakeupPhases> wakeup_phases(const PairedRounds& rounds, const Contrast& contrast);

// "the ratio followed the machine's state: ×3.01 (2.86–3.12) in the 34 rounds with the quicker
// wake-ups (21.3 µs), ×4.04 (3.61–4.41) in the 34 rounds with the slower wake-ups (23.4 µs)"
[[nodiscard]] std::string wakeup_phases_words(const WakeupPhases& phases);

}  // namespace pipetop

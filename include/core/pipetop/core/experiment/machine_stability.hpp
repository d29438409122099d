#pragma once
// How steady the machine was while paired rounds ran, from what the rounds saw: how much a fixed
// configuration's figure varied between rounds (an A/A spread: the machine, not the configurations),
// the share of the pinned CPUs' time the hypervisor stole, how long the workers waited for their CPUs,
// and the wake-up round trip between the pinned CPUs before each round, the reading that tracks our
// VMs' slow and fast phases (wakeup_probe.hpp). Every output that draws a conclusion from rounds states
// it, so a reader can tell a steady machine's ×1.05 from a noisy one's.

#include <cstddef>
#include <optional>
#include <string>

#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

struct MachineStability {
  std::size_t slices = 0;               // slices that moved data, in completed rounds
  std::optional<double> spread;         // the largest ArmFigures::spread() of the arms: max/min of one configuration
  std::optional<double> steal;          // mean share stolen from the pinned CPUs over the slices
  std::optional<double> steal_max;      // ... in the slice with the most
  std::optional<double> run_delay;      // mean share of a slice the longer-waiting worker waited for its CPU
  std::optional<double> run_delay_max;  // ... in the slice with the most
  std::optional<double> wakeup_us;      // median wake-up round trip over the rounds, µs
  std::optional<double> wakeup_min_us;  // ... in the round with the quickest
  std::optional<double> wakeup_max_us;  // ... in the round with the slowest
};

// The stability of the machine over `rounds`' completed rounds; empty figures where nothing was read.
[[nodiscard]] MachineStability machine_stability(const PairedRounds& rounds);

// "a fixed configuration varied 2.1× between rounds; steal 0.3% (at most 1.2% of a slice); run delay
// 0.1% (at most 4%); wake-up round trip 24.6 µs (15.2–25.1 between rounds)", leaving out what was not
// measured; "nothing measured yet" when no slice moved data.
[[nodiscard]] std::string stability_words(const MachineStability& stability);

}  // namespace pipetop

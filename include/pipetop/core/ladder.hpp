#pragma once
// The article's ladder: each rung adds one trick. Measured rung by rung with any TrialRunner, shown
// as a table with the counters that explain each step, and read into verdicts in plain words.

#include <functional>
#include <string>
#include <vector>

#include "pipetop/core/machine_facts.hpp"
#include "pipetop/core/trial.hpp"

namespace pipetop {

struct Rung {
  std::string name;
  RunConfig config;
};

// write/read, write/read+busy, vmsplice/read, vmsplice/splice, vmsplice/splice+huge,
// vmsplice/splice+huge+busy — each `base` (pinning, sampling, counters) with that rung's strategy.
[[nodiscard]] std::vector<Rung> ladder_rungs(const RunConfig& base);

struct RungResult {
  Rung rung;
  Trial trial;
};

// Called before each rung: its index, the count, its name, and the time the rest will take.
using LadderProgress = std::function<void(std::size_t index, std::size_t total, const std::string& name,
                                          std::int64_t remaining_ns)>;

// Runs every rung for `rung_ns` in order; a rung that fails is kept with its error and the others
// still run.
[[nodiscard]] std::vector<RungResult> run_ladder(TrialRunner& runner, const std::vector<Rung>& rungs,
                                                 std::int64_t rung_ns, const LadderProgress& progress);

// The table: GiB/s, × against the first rung, context switches/GiB, page faults/GiB and, when the
// machine can count them, cycles/KiB and dTLB misses/MiB (the writer's, where the copies happen).
[[nodiscard]] std::string ladder_table(const std::vector<RungResult>& results, bool unicode = true);

// Plain-word conclusions from the facts and the measured ladder.
[[nodiscard]] std::vector<std::string> ladder_verdicts(const MachineFacts& facts,
                                                       const std::vector<RungResult>& results);

}  // namespace pipetop

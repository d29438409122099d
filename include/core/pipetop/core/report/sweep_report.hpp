#pragma once
// `pipetop sweep`'s output. Text: what is swept and how, then a table of the curve — each value's
// median GiB/s with its 95% interval, its ratio to the reference value with that ratio's interval, the
// rounds kept and dropped — with the caches marked between the values they separate, then the fastest
// value, the ceiling when one is known, how the rounds stopped and the machine's stability. While the
// rounds run, a short progress line. JSON: one document (schemas/sweep.schema.json).

#include <cstdint>
#include <string>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/experiment/sweep_curve.hpp"

namespace pipetop {

// What a sweep runs: `option` over `values`, arm i being `configs[i]` (as planned: CPUs resolved).
struct SweepSetup {
  SweepOption option = SweepOption::buffer_size;
  std::vector<std::uint64_t> values;
  std::vector<RunConfig> configs;
  std::int64_t slice_ns = 0;  // each slice's steady part (--round)
};

// Before the first round: the values, the reference and the rest of the configuration in words, the
// slice, the precision and the budget.
[[nodiscard]] std::string sweep_intro_text(const SweepSetup& setup, const RoundsPlan& plan);

// After each round, for the progress line: "round 3 · 12.4 s of 2m · widest interval ±4.1% (asked ±2%)".
[[nodiscard]] std::string sweep_round_text(const PairedRounds& rounds);

// The table: a header and a row per value; a line "── L2 2 MiB ──" between the last value that fits a
// cache and the first that does not (values at or below a size fit it).
[[nodiscard]] std::string sweep_table_text(const SweepCurve& curve);

// After the rounds: the table, the reference, the fastest value, the ceiling (when known), the caches,
// how the rounds stopped, and the machine's stability.
[[nodiscard]] std::string sweep_summary_text(const PairedRounds& rounds, const SweepCurve& curve);

// The whole sweep as one JSON document.
[[nodiscard]] std::string sweep_json(const PairedRounds& rounds, const SweepCurve& curve, const SweepSetup& setup);

}  // namespace pipetop

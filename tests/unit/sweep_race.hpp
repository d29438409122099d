#pragma once
// Test helper: a sweep raced through a fake TrialRunner (fake_trial_runner.hpp), as run_sweep races one
// through the real runner: each value an arm of the same paired rounds, each against the first.

#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "fake_trial_runner.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/experiment/sweep_curve.hpp"
#include "pipetop/core/report/sweep_report.hpp"

namespace pipetop::testing {

struct SweepRace {
  PairedRounds rounds;
  SweepSetup setup;
};

// `values` of `option` raced by `runner` on CPUs 0 and 1, 100 ms slices, until every ratio is within 2%
// or `budget_ns` ends.
inline SweepRace race_sweep(SweepOption option, std::vector<std::uint64_t> values, FakeTrialRunner& runner,
                            std::int64_t budget_ns = 20 * kNsPerS) {
  SweepSetup setup{option, std::move(values), {}, 100 * kNsPerMs};
  RunConfig base;
  base.writer_cpu = 0;
  base.reader_cpu = 1;
  for (const std::uint64_t value : setup.values) setup.configs.push_back(with_sweep_value(base, option, value));
  const RoundsPlan plan{setup.values.size(), sweep_contrasts(setup.values.size()), budget_ns, kDefaultPrecision};
  Result<PairedRounds> rounds = PairedRounds::start(plan, runner.now_ns());
  EXPECT_TRUE(rounds);
  run_rounds(*rounds, runner, setup.configs, setup.slice_ns, nullptr, {});
  return {std::move(*rounds), std::move(setup)};
}

}  // namespace pipetop::testing

#pragma once
// One measured configuration, and the seam that runs it: the real runner forks a Session; tests use
// a fake engine, so the ladder and the tuner are tested without moving a byte.

#include <cstdint>
#include <optional>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/figures/run_summary.hpp"

namespace pipetop {

struct Trial {
  RunOutcome outcome;          // config as run, samples, counters, huge pages
  RunSummary summary;          // throughput and per-worker figures
  std::optional<Error> error;  // why it could not run or moved nothing
  int reruns = 0;              // how often it was run again because the machine disturbed it
  [[nodiscard]] std::optional<double> gib_per_s() const { return error ? std::nullopt : summary.throughput.gib_per_s; }
  // Its workers waited for their CPUs: its figure is below what the machine can do.
  [[nodiscard]] bool disturbed() const { return !error && summary.disturbed(); }
};

// A Trial from what a run produced: the summary computed, and an error when the run failed or moved
// no data at all.
[[nodiscard]] Trial make_trial(RunOutcome outcome);

class TrialRunner {
 public:
  virtual ~TrialRunner() = default;
  // Runs `config` for `duration_ns`. Never throws: a refused or failed configuration comes back with
  // `error` set.
  [[nodiscard]] virtual Trial run(const RunConfig& config, std::int64_t duration_ns) = 0;
  // Monotonic time (ns), so time budgets can be tested with a fake clock.
  [[nodiscard]] virtual std::int64_t now_ns() = 0;
};

// Runs `config` with `runner`, and once more when the machine disturbed it (another program competed
// for the workers' CPUs); the second run is kept, disturbed or not, with reruns = 1.
[[nodiscard]] Trial run_undisturbed(TrialRunner& runner, const RunConfig& config, std::int64_t duration_ns);

}  // namespace pipetop

#pragma once
// The article's ladder: each rung adds one trick. Measured rung by rung with any TrialRunner, shown
// as a table with the counters that explain each step, and read into verdicts in plain words.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/machine/machine_facts.hpp"

namespace pipetop {

struct Rung {
  std::string name;
  RunConfig config;
  std::optional<double> article_gib_per_s{};  // the article's figure for this step (article_figures.hpp)
};

// The name check gives the rung it adds after the article's: the fastest configuration a tune found.
inline constexpr std::string_view kTunedBestRung = "tuned best";

// write/read, write/read+busy, vmsplice/read, vmsplice/splice, vmsplice/splice+huge,
// vmsplice/splice+huge+busy — each `base` (pinning, sampling, counters) with that rung's strategy, and
// the article's figure for the five the article measured (all but write/read+busy).
[[nodiscard]] std::vector<Rung> ladder_rungs(const RunConfig& base);

struct RungResult {
  Rung rung;
  Trial trial;                         // the run with the median figure, or the first that failed
  std::vector<double> runs_gib_per_s;  // every run's figure in the order run (failed runs have none)
};

// A rung measured by `runs` (at least one): its trial is the run with the median figure (the lower of
// the two middle ones for an even count), or the first failed run when any failed, so an intermittent
// failure is reported rather than hidden.
[[nodiscard]] RungResult rung_result(Rung rung, std::vector<Trial> runs);

// The fewest runs of a rung that show its spread, and the most --repeat takes.
inline constexpr int kMinRepeat = 3;
inline constexpr int kMaxRepeat = 100;

// --repeat's value: a whole number from kMinRepeat to kMaxRepeat. Fails with a usage error naming the
// text otherwise.
[[nodiscard]] Result<int> parse_repeat(std::string_view text);

// Called before each run of a rung: the rung's index, the count, its name ("write/read", or "write/read
// (run 2/3)" when repeated), and the time the rest will take.
using LadderProgress =
    std::function<void(std::size_t index, std::size_t total, const std::string& name, std::int64_t remaining_ns)>;

// Runs every rung `repeat` times (at least once) for `rung_ns` each, each run through run_undisturbed,
// rung after rung; a rung that fails is kept with its error and the others still run.
[[nodiscard]] std::vector<RungResult> run_ladder(TrialRunner& runner, const std::vector<Rung>& rungs,
                                                 std::int64_t rung_ns, const LadderProgress& progress, int repeat = 1);

// The table: GiB/s, × against the first rung, context switches/GiB, page faults/GiB and, when the
// machine can count them, cycles/KiB and dTLB misses/MiB (the writer's, where the copies happen).
[[nodiscard]] std::string ladder_table(const std::vector<RungResult>& results, bool unicode = true);

struct LadderSteps;  // ladder_steps.hpp

// Plain-word conclusions from the facts, the measured ladder and its steps raced in paired rounds: what
// the busy loop and zero copy do here is said from the steps' intervals, and only as a gain or a loss
// when the interval excludes "no change".
[[nodiscard]] std::vector<std::string> ladder_verdicts(const MachineFacts& facts,
                                                       const std::vector<RungResult>& results,
                                                       const LadderSteps& steps);

}  // namespace pipetop

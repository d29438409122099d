#pragma once
// The guided tour of the article's ladder: the steps (write/read, +vmsplice, +splice, +huge pages,
// +busy loop, then a larger buffer or the tuned best), the caption of each — one or two sentences
// saying what changed and why it helps, quoting what was measured here — and the summary beside the
// article's own figures. Pure: the dashboard (tour mode) and `tour --no-ui` drive it.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/article_figures.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/screen/history.hpp"

namespace pipetop {

// The buffer of the last step when no tuned best is known.
inline constexpr std::uint64_t kTourLargerBuffer = 1024 * 1024;

// The dashboard's tour holds a step steady first, for its figures and panels (a race's slices are
// too short for /proc readings and profile shares), for kTourSteadyNs or half the step when that is
// shorter; then it races the step against the one before until the step ends, in slices whose
// steady part is kTourSliceNs (223 ms with the warm-up). Each slice also waits for the pair's
// restart and a dashboard tick: on our 2-vCPU VMs a round took about 1.3 s, so the last 5 s of an
// 8 s step hold three or four rounds, and the six a 95% interval of their median needs come with
// `--step 12s`; until then the caption says how many rounds its ratio has. At the A/B key's 500 ms a
// side, a round would take about 2 s.
inline constexpr std::int64_t kTourSteadyNs = 3 * kNsPerS;
inline constexpr std::int64_t kTourSliceNs = 200 * kNsPerMs;

enum class TourStepKind { write_read, vmsplice, splice, huge_pages, busy_loop, larger_buffer, tuned };

struct TourStep {
  TourStepKind kind = TourStepKind::write_read;
  std::string name;  // "write/read", "+vmsplice", ..., "buffer 1 MiB", "tuned best"
  RunConfig config;
  std::optional<double> article_gib_per_s;
};

// The steps from `base` (its pinning, sampling and counting kept; every transfer flag off at the start):
// each adds one trick to the one before; the last is `tuned` (a tune's best, when known) or the busy
// huge-page step with a kTourLargerBuffer buffer.
[[nodiscard]] std::vector<TourStep> tour_steps(const RunConfig& base, const std::optional<RunConfig>& tuned = {});

// Whether two configurations are the same step: strategies, transfer flags and buffer alike (pinning,
// sampling and the pipe the kernel gave may differ).
[[nodiscard]] bool same_step(const RunConfig& a, const RunConfig& b);

// The step of `steps` that `config` is, or nullopt.
[[nodiscard]] std::optional<std::size_t> step_of(const std::vector<TourStep>& steps, const RunConfig& config);

// What a caption quotes about a step, as measured (each absent when it could not be).
struct TourFigures {
  std::optional<double> gib_per_s;            // the step's steady-state mean so far
  std::optional<double> switches_per_s;       // both workers' context switches per second (/proc)
  std::optional<double> sleeps_per_s;         // ... of them voluntary: a worker going to sleep (/proc only)
  std::optional<double> preemptions_per_s;    // ... involuntary: the scheduler taking a worker's CPU
  std::optional<double> faults_per_gib;       // the writer's page faults per GiB moved
  std::optional<double> dtlb_misses_per_mib;  // the writer's (needs a PMU)
  std::optional<double> calls_per_gib;        // the writer's transfer calls per GiB
  std::optional<double> eagain_share;         // of both workers' calls, those that spun on a full or empty pipe
  std::optional<double> cpu_wait;             // the larger share of its time a worker waited for a CPU
  bool huge_pages_verified = false;
  std::string huge_pages_detail;
};

// The figures of the current segment of `history` (about the last second, the mean since it started).
[[nodiscard]] TourFigures tour_figures(const History& history);

// A step raced against the one before it in alternating rounds while it held (the dashboard's tour
// while the step runs, `tour --no-ui` before it prints the caption).
struct StepRace {
  RatioEstimate ratio;                   // this step over the one before: each round's ratio, their median and interval
  std::optional<double> here_gib_per_s;  // each side's median slice
  std::optional<double> last_gib_per_s;
  bool ended = false;  // the race is over: no more rounds will come
};

// How long a step raced against the one before holds steady first, for its figures: kTourSteadyNs, or
// half of a step of `step_ns` when that is shorter. The race has the rest.
[[nodiscard]] std::int64_t tour_steady_ns(std::int64_t step_ns);

// A step's race as its rounds stand: arm 0 (the step) over arm 1 (the step before), each arm's median
// slice; `ended` when no more rounds will come.
[[nodiscard]] StepRace step_race(const PairedRounds& rounds, bool ended);

// The caption of `step` measured `now`, after the step before it measured `before` (none for the
// first step, or when it was not measured): what changed, why it helps, and the figures that show it.
// With `race`, the speed-up over the last step is its paired ratio and interval (or says it is
// still measuring, or once it ended that its rounds were too few); without one, the ratio of the two
// steps' means.
[[nodiscard]] std::string tour_caption(const TourStep& step, const TourFigures& now,
                                       const std::optional<TourFigures>& before,
                                       const std::optional<StepRace>& race = std::nullopt);

// The summary: a table of every step's GiB/s, its speed-up over the step before and over the first,
// beside the article's figures and speed-ups, and a line comparing the climbs. `measured[i]` is step
// i's figures (absent when the step did not run); `races[i]`, when there, step i's race against the
// step before: its paired ratio is the step column's figure, with its interval.
[[nodiscard]] std::vector<std::string> tour_summary(const std::vector<TourStep>& steps,
                                                    const std::vector<std::optional<TourFigures>>& measured,
                                                    const std::vector<std::optional<StepRace>>& races = {});

}  // namespace pipetop

#pragma once
// `pipetop check`: the first minute on a new machine — its facts and what they mean for pipes, the
// article's ladder measured here with the counters that explain each step, the fastest configuration
// a short tune finds, and verdicts in plain words.

#include <cstdint>
#include <string>

#include "pipetop/app/profile_options.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/system/new_file.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct CheckCommand {
  RunConfig base;                                          // pinning, counters, interval from the command line
  std::int64_t rung_ns = 2 * kNsPerS;                      // --seconds
  std::int64_t tune_budget_ns = 20 * kNsPerS;              // --tune-budget
  int repeat = 1;                                          // --repeat: runs of each rung (3 by default with --compare)
  std::int64_t rounds_budget_ns = kDefaultRoundsBudgetNs;  // --rounds-budget: the steps' paired rounds
  std::int64_t slice_ns = kDefaultSliceNs;                 // --round: each rung's slice of a round
  int pairs = 0;                                           // --pairs: 0 none; N pairs at once, scaling from 1 to N
  bool scaling = false;                                    // --scaling: --pairs as many as the allowed CPUs hold
  OutputFormat format = OutputFormat::text;                // text, json or openmetrics
  std::string export_prefix;
  std::string compare_path;  // --compare: a previous check --json
  double threshold = kDefaultRegressionThreshold;
  Overwrite overwrite = Overwrite::refuse;  // --force: --export may replace existing files
  bool quiet = false;                       // no progress on stderr
  ProfileRequest profile{true};             // each rung's profile, which the verdicts cite (--no-profile: off)
};

// Measures the ladder (each rung --repeat times, one after the other: the figures a baseline keeps), the
// tuned best, then races every step (a rung against the one before it) in paired rounds for the
// verdicts. Writes the report (text, one JSON document, or OpenMetrics) on `out` and progress on stderr; with
// --compare, the comparison with the baseline beside it. Returns 0; 1 when a rung could not move data
// at all (it says which and why); 2 when the baseline cannot be read (before anything is measured); 4
// when a rung regressed beyond the threshold (it says which on stderr).
[[nodiscard]] int run_check(const CheckCommand& command, const SystemFiles& files, OutputStream& out);

struct TuneCommand {
  RunConfig base;
  std::int64_t budget_ns = 60 * kNsPerS;     // --budget
  OutputFormat format = OutputFormat::text;  // text or json
  std::string export_prefix;
  Overwrite overwrite = Overwrite::refuse;  // --force: --export may replace existing files
  bool quiet = false;                       // no progress on stderr
};

// Writes on `out` the winner, its GiB/s against the article's final configuration measured in the
// same run, and the command line that reproduces it. Returns 0, or 1 when no trial moved data.
[[nodiscard]] int run_tune(const TuneCommand& command, const SystemFiles& files, OutputStream& out);

}  // namespace pipetop

#pragma once
// `pipetop check`: the first minute on a new machine — its facts and what they mean for pipes, the
// article's ladder measured here with the counters that explain each step, the fastest configuration
// a short tune finds, and verdicts in plain words.

#include <cstdint>
#include <string>

#include "pipetop/core/duration.hpp"
#include "pipetop/core/report.hpp"
#include "pipetop/core/run_config.hpp"
#include "pipetop/system/new_file.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct CheckCommand {
  RunConfig base;                              // pinning, counters, interval from the command line
  std::int64_t rung_ns = 2 * kNsPerS;          // --seconds
  std::int64_t tune_budget_ns = 20 * kNsPerS;  // --tune-budget
  OutputFormat format = OutputFormat::text;    // text or json
  std::string export_prefix;
  Overwrite overwrite = Overwrite::refuse;  // --force: --export may replace existing files
  bool quiet = false;                       // no progress on stderr
};

// Writes the report (text, or one JSON document) on `out` and progress on stderr.
// Returns 0, or 1 when a rung could not move data at all (it says which and why).
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

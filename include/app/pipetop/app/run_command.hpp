#pragma once
// `pipetop run`: one session, headless, reported as text, CSV, JSON Lines or OpenMetrics on stdout.

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/app/profile_options.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/core/config/pipe_ends.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/aa_spread.hpp"
#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/system/new_file.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct RunCommand {
  RunConfig config;
  OutputFormat format = OutputFormat::text;
  std::string export_prefix;                // --export: write PREFIX.{cmd,csv,json,svg}
  Overwrite overwrite = Overwrite::refuse;  // --force: --export may replace existing files
  bool quiet = false;                       // the summary only: no line per second, no sample rows
  std::string compare_path;                 // --compare: a previous run --format json
  double threshold = kDefaultRegressionThreshold;
  std::int64_t aa_budget_ns = kDefaultAaBudgetNs;  // --aa-budget: this machine's A/A spread now, after the run
  std::string record_path;                         // --record: every event to this file, for `pipetop replay`
  ProfileRequest profile;                          // --profile: where each worker's time goes
  EndsRequest ends;                                // --stdin, --stdout, --pass, -- COMMAND, and the options given
  int pairs = 0;                            // --pairs: 0 one pair as configured; N pairs at once, placed by topology
  std::optional<std::uint64_t> size_bytes;  // --size: the stream's expected size, for the share done and ETA
};

// Validates, runs and reports on `out`, stopping when `signals` has one; returns the process exit
// code: 0 when the run ended by duration or byte count, 1 when a worker failed or --verify found a
// mismatch, 2/3 for a configuration refused by validate() or the kernel (2 too for a --compare
// baseline that cannot be read, before anything runs), 4 when it regressed against that baseline
// beyond the threshold and this machine's A/A spread (measured after the run for --aa-budget), 128+N
// when signal N (SIGINT, SIGTERM, SIGHUP, SIGQUIT) interrupted it (the summary is printed all the
// same); else, with -- COMMAND, the command's own exit status (command_exit_code). The user's program
// at the other end (--stdin, --stdout, -- COMMAND) is named in the summary; where stdout carries the
// data (--stdout, --pass) the report goes to stderr instead of `out`. With --pairs N, runs N pairs at
// once instead (run_pairs_headless). Errors go to stderr as "pipetop: <what>" plus a hint; no worker
// outlives this call.
[[nodiscard]] int run_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals,
                               OutputStream& out);

}  // namespace pipetop

#pragma once
// `pipetop run`: one session, headless, reported as text, CSV, JSON Lines or OpenMetrics on stdout.

#include "pipetop/app/cli.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Validates, runs and reports on `out`, stopping when `signals` has one; returns the process exit
// code: 0 when the run ended by duration or byte count, 1 when a worker failed or --verify found a
// mismatch, 2/3 for a configuration refused by validate() or the kernel (2 too for a --compare
// baseline that cannot be read, before anything runs), 4 when it regressed against that baseline
// beyond the threshold, 128+N when signal N (SIGINT, SIGTERM, SIGHUP, SIGQUIT) interrupted it (the
// summary is printed all the same); else, with -- COMMAND, the command's own exit status
// (command_exit_code). The user's program at the other end (--stdin, --stdout, -- COMMAND) is named
// in the summary; where stdout carries the data (--stdout, --pass) the report goes to stderr instead
// of `out`. With --pairs N, runs N pairs at once instead (run_pairs_headless). Errors go to stderr as "pipetop: <what>"
// plus a hint; no worker outlives this call.
[[nodiscard]] int run_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals,
                               OutputStream& out);

}  // namespace pipetop

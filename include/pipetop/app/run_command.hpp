#pragma once
// `pipetop run`: one session, headless, reported as text, CSV or JSON Lines on stdout.

#include "pipetop/app/cli.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Validates, runs and reports; returns the process exit code: 0 when the run ended by duration or
// byte count, 1 when a worker failed, 2/3 for a configuration refused by validate() or the kernel,
// 128+N when signal N (SIGINT, SIGTERM, SIGHUP) interrupted it (the summary is printed all the same);
// with -- COMMAND, the command's own exit status (run_exit_code). The user's program at the other
// end (--stdin, --stdout, -- COMMAND) is named in the summary; where stdout carries the data
// (--stdout, --pass) the report goes to stderr.
// Errors go to stderr as "pipetop: <what>" plus a hint; no worker outlives this call.
[[nodiscard]] int run_headless(const RunCommand& command, const SystemFiles& files);

}  // namespace pipetop

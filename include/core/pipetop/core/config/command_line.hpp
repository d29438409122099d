#pragma once
// The `pipetop run ...` command line that reproduces a RunConfig, options in their CLI spelling.

#include <string>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/figures/other_end.hpp"

namespace pipetop {

// Only options that differ from their defaults are written; CPUs are written when set. With the user's
// program at one end (`end`), the line re-runs that form: `PRODUCER | pipetop run --stdin ...`,
// `pipetop run ... -- COMMAND ARGS`, `pipetop run --stdout ... | CONSUMER`, with --pass and `| CONSUMER`
// where pipetop forwarded; the other program by its command line where it was found (PRODUCER or
// CONSUMER where not); --duration whenever one was given (without it the form runs until the end),
// and the reader only when it was not the form's default splice.
[[nodiscard]] std::string run_command_line(const RunConfig& config, const OtherEnd* end = nullptr);

// `arg` as a shell reads it back: as is when it is plain, else in single quotes.
[[nodiscard]] std::string shell_word(const std::string& arg);

}  // namespace pipetop

#pragma once
// `pipetop sweep OPTION FROM..TO`: one configuration option (sweep_values.hpp: buffer-size, pipe-size,
// buffer-offset) run at each value of a range, the values raced as the arms of the same paired rounds
// (paired_rounds.hpp), each against the first; everything else is `run`'s configuration options. The
// curve comes out as a table or JSON, and with --export as a picture. The subcommand's binder and its
// command live here, hooked into the command line by bind_sweep_command and finish_sweep_command.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/app/config_options.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/experiment/sweep_values.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/system/new_file.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// A sweep holds more arms than ab's two: a longer budget by default.
inline constexpr std::int64_t kDefaultSweepBudgetNs = 120 * kNsPerS;

struct SweepCommand {
  SweepOption option = SweepOption::buffer_size;
  std::vector<std::uint64_t> values;               // from the range (and --steps), smallest first
  RunConfig base;                                  // run's configuration options, the swept one aside
  std::int64_t budget_ns = kDefaultSweepBudgetNs;  // --budget
  std::int64_t slice_ns = kDefaultSliceNs;         // --round: each value's slice after its warm-up
  double precision = kDefaultPrecision;            // --precision
  OutputFormat format = OutputFormat::text;        // text or json
  std::string export_prefix;                       // --export: PREFIX.svg and PREFIX.json
  Overwrite overwrite = Overwrite::refuse;         // --force
};

// What the `sweep` subcommand binds: its positionals' texts and --steps, until finish_sweep_command
// reads them.
struct SweepBinding {
  CLI::App* subcommand = nullptr;
  std::string option;
  std::string range;
  std::optional<int> steps;
  SweepCommand command;
};

// Adds the `sweep` subcommand to `app`, binding its options into `binding` (bad values go to
// `problems`). Returns the subcommand.
CLI::App* bind_sweep_command(CLI::App& app, SweepBinding& binding, ParseProblems& problems);

// After parsing, when `sweep` was given: OPTION, FROM..TO and --steps made into the values. Fails with
// a usage error naming the problem: an OPTION sweep cannot vary, a range that is not FROM..TO or runs
// backwards, one value or too many, the swept option also given as a flag, a round that does not fit
// in the budget.
[[nodiscard]] Result<SweepCommand> finish_sweep_command(const SweepBinding& binding);

// Runs the sweep and writes the curve on `out` (text: the table at the end; JSON: one document; the
// rounds' progress on stderr meanwhile), then the export. Every value is checked first as `run` checks
// a configuration: one this machine refuses (a pipe size above pipe-max-size) stops the sweep before
// it starts, with validate()'s error and exit code, naming the value. Returns 0; 1 when a value failed
// to move data or the export could not be written.
[[nodiscard]] int run_sweep(const SweepCommand& command, const SystemFiles& files, OutputStream& out);

}  // namespace pipetop

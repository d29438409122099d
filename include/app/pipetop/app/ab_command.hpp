#pragma once
// `pipetop ab --a 'FLAGS' --b 'FLAGS'`: two configurations compared in paired rounds (paired_rounds.hpp)
// until the ratio of A over B is known to the precision asked or the budget ends. Each FLAGS is `run`'s
// configuration options in one argument, split as a shell splits words; both sides run on the same
// CPUs (a side that names none takes the other's). The subcommand's binder and its command live here,
// hooked into the command line by bind_ab_command and finish_ab_command.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/app/config_options.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct AbCommand {
  RunConfig a;  // --a, parsed as given (run_ab pins both alike, plan_workers resolves the defaults)
  RunConfig b;  // --b
  std::optional<std::string> b_command;             // --b-command: B is this command, on A's CPUs (command_arm.hpp)
  std::int64_t budget_ns = kDefaultRoundsBudgetNs;  // --budget
  std::int64_t slice_ns = kDefaultSliceNs;          // --round: each side's slice after its warm-up
  double precision = kDefaultPrecision;             // --precision
  OutputFormat format = OutputFormat::text;         // text or json
};

// What the `ab` subcommand binds: its options' texts, until finish_ab_command reads them.
struct AbBinding {
  CLI::App* subcommand = nullptr;
  std::string a_flags;
  std::string b_flags;
  std::string b_command;
  AbCommand command;
};

// Adds the `ab` subcommand to `app`, binding its options into `binding` (bad values of --budget,
// --round, --precision and --format go to `problems`). Returns the subcommand.
CLI::App* bind_ab_command(CLI::App& app, AbBinding& binding, ParseProblems& problems);

// After parsing, when `ab` was given: each side's FLAGS split and parsed as `run` takes its configuration
// options. Fails with a usage error naming the side and the problem: --a
// or --b missing (or --b and --b-command both given, or an empty --b-command), a quote left open, an option `run` does
// not take (or --duration and --bytes, which the rounds set), a bad value, an option of ab's own that is not ab's (a
// configuration option outside
// --a and --b), a round that does not fit twice in the budget.
[[nodiscard]] Result<AbCommand> finish_ab_command(const AbBinding& binding);

// Races A and B and writes the result on `out`: in text a line per round as it completes, then the
// verdict, each side's figures and the machine's stability; in JSON one document at the end (a line
// per round on stderr meanwhile). Both sides run on the same CPUs: a worker's CPU that only one side
// names is the other's too; B as a command runs on A's CPUs. Returns 0; 1 when a side failed to move data (it says
// why); 2 or 3 when a side cannot run here (plan_workers's errors, naming the side whose FLAGS hold the problem).
[[nodiscard]] int run_ab(const AbCommand& command, const SystemFiles& files, OutputStream& out);

}  // namespace pipetop

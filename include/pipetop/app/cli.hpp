#pragma once
// The command line: CLI11 binds the options, every value goes through pipetop's own parsers (sizes,
// durations, strategies), and the outcome is a command to run or an exit with the text to print.

#include <optional>
#include <string>

#include "pipetop/app/check_command.hpp"
#include "pipetop/app/dashboard_command.hpp"
#include "pipetop/app/events_command.hpp"
#include "pipetop/app/profile_options.hpp"
#include "pipetop/app/replay_command.hpp"
#include "pipetop/app/tour_command.hpp"
#include "pipetop/core/comparison.hpp"
#include "pipetop/core/pipe_ends.hpp"
#include "pipetop/core/report.hpp"
#include "pipetop/core/run_config.hpp"
#include "pipetop/system/new_file.hpp"

namespace pipetop {

struct RunCommand {
  RunConfig config;
  OutputFormat format = OutputFormat::text;
  std::string export_prefix;                // --export: write PREFIX.{cmd,csv,json,svg}
  Overwrite overwrite = Overwrite::refuse;  // --force: --export may replace existing files
  bool quiet = false;                       // the summary only: no line per second, no sample rows
  std::string compare_path;                 // --compare: a previous run --format json
  double threshold = kDefaultRegressionThreshold;
  std::string record_path;  // --record: every event to this file, for `pipetop replay`
  ProfileRequest profile;   // --profile: where each worker's time goes
  EndsRequest ends;         // --stdin, --stdout, --pass, -- COMMAND, and the options given
  int pairs = 0;            // --pairs: 0 one pair as configured; N pairs at once, placed by topology
};

// What parsing decided: a command to run, or an exit (help, version, or a usage error) with the text
// to print.
struct ParsedCommandLine {
  std::optional<RunCommand> run;
  std::optional<EventsCommand> events;
  std::optional<DashboardCommand> dashboard;
  std::optional<CheckCommand> check;
  std::optional<TuneCommand> tune;
  std::optional<TourCommand> tour;
  std::optional<ReplayCommand> replay;
  int exit_code = 0;
  std::string out;  // for stdout (help, version)
  std::string err;  // for stderr (errors)
};

[[nodiscard]] ParsedCommandLine parse_command_line(int argc, const char* const* argv);

}  // namespace pipetop

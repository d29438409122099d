#pragma once
// The command line: CLI11 binds the options, every value goes through pipetop's own parsers (sizes,
// durations, strategies), and the outcome is a command to run or an exit with the text to print.

#include <optional>
#include <string>

#include "pipetop/app/ab_command.hpp"
#include "pipetop/app/check_command.hpp"
#include "pipetop/app/dashboard_command.hpp"
#include "pipetop/app/events_command.hpp"
#include "pipetop/app/replay_command.hpp"
#include "pipetop/app/run_command.hpp"
#include "pipetop/app/sweep_command.hpp"
#include "pipetop/app/tour_command.hpp"

namespace pipetop {

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
  std::optional<AbCommand> ab;
  std::optional<SweepCommand> sweep;
  int exit_code = 0;
  std::string out;  // for stdout (help, version)
  std::string err;  // for stderr (errors)
};

[[nodiscard]] ParsedCommandLine parse_command_line(int argc, const char* const* argv);

}  // namespace pipetop

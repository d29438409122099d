// pipetop: wires the command line to the subcommands, nothing else.

#include <cstdio>

#include "pipetop/app/cli.hpp"
#include "pipetop/app/dashboard_command.hpp"
#include "pipetop/app/events_command.hpp"
#include "pipetop/app/run_command.hpp"

int main(int argc, char** argv) {
  const pipetop::ParsedCommandLine parsed = pipetop::parse_command_line(argc, argv);
  std::fputs(parsed.out.c_str(), stdout);
  std::fputs(parsed.err.c_str(), stderr);
  if (parsed.events) return pipetop::list_events(*parsed.events);
  if (parsed.run) return pipetop::run_headless(*parsed.run);
  if (parsed.dashboard) return pipetop::run_dashboard(*parsed.dashboard);
  if (parsed.check) return pipetop::run_check(*parsed.check);
  if (parsed.tune) return pipetop::run_tune(*parsed.tune);
  return parsed.exit_code;
}

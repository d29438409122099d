// pipetop: wires the command line to the subcommands, nothing else.

#include <cstdio>

#include "pipetop/app/cli.hpp"
#include "pipetop/app/dashboard_command.hpp"
#include "pipetop/app/events_command.hpp"
#include "pipetop/app/replay_command.hpp"
#include "pipetop/app/run_command.hpp"
#include "pipetop/app/tour_command.hpp"
#include "pipetop/system/system_files.hpp"

int main(int argc, char** argv) {
  const pipetop::ParsedCommandLine parsed = pipetop::parse_command_line(argc, argv);
  std::fputs(parsed.out.c_str(), stdout);
  std::fputs(parsed.err.c_str(), stderr);
  const pipetop::SystemFiles machine_files("/");  // every /proc and /sys read about the machine goes through it
  if (parsed.events) return pipetop::list_events(*parsed.events, machine_files);
  if (parsed.run) return pipetop::run_headless(*parsed.run, machine_files);
  if (parsed.dashboard) return pipetop::run_dashboard(*parsed.dashboard, machine_files);
  if (parsed.check) return pipetop::run_check(*parsed.check, machine_files);
  if (parsed.tune) return pipetop::run_tune(*parsed.tune, machine_files);
  if (parsed.tour) return pipetop::run_tour(*parsed.tour, machine_files);
  if (parsed.replay) return pipetop::run_replay(*parsed.replay, machine_files);
  return parsed.exit_code;
}

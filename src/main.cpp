// pipetop: wires the command line to the subcommands, nothing else.

#include <cstdio>

#include "pipetop/app/cli.hpp"
#include "pipetop/app/dashboard_command.hpp"
#include "pipetop/app/events_command.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/run_command.hpp"
#include "pipetop/app/signals.hpp"

int main(int argc, char** argv) {
  // First of all: a signal from here on waits to be read, so every way out is the program's own.
  pipetop::block_termination_signals();
  const pipetop::Result<pipetop::SignalWatch> signals = pipetop::SignalWatch::install();
  if (!signals) return pipetop::print_error(signals.error());
  const pipetop::ParsedCommandLine parsed = pipetop::parse_command_line(argc, argv);
  std::fputs(parsed.out.c_str(), stdout);
  std::fputs(parsed.err.c_str(), stderr);
  if (parsed.run) return pipetop::run_headless(*parsed.run, *signals);
  if (parsed.dashboard) return pipetop::run_dashboard(*parsed.dashboard);
  pipetop::unblock_termination_signals();  // the others end by a signal's default action
  if (parsed.events) return pipetop::list_events(*parsed.events);
  if (parsed.check) return pipetop::run_check(*parsed.check);
  if (parsed.tune) return pipetop::run_tune(*parsed.tune);
  return parsed.exit_code;
}

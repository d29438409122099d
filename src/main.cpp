// pipetop: wires the command line to the subcommands, nothing else.

#include <unistd.h>

#include <cstdio>

#include "pipetop/app/cli.hpp"
#include "pipetop/app/dashboard_command.hpp"
#include "pipetop/app/events_command.hpp"
#include "pipetop/app/finish_output.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/replay_command.hpp"
#include "pipetop/app/run_command.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/tour_command.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/standard_streams.hpp"
#include "pipetop/system/system_files.hpp"

namespace {

// The command's exit code; what it has for stdout goes to `out`.
int dispatch(const pipetop::ParsedCommandLine& parsed, const pipetop::SignalWatch& signals,
             pipetop::OutputStream& out) {
  const pipetop::SystemFiles machine_files("/");  // every /proc and /sys read about the machine goes through it
  if (parsed.run) return pipetop::run_headless(*parsed.run, machine_files, signals, out);
  if (parsed.dashboard) return pipetop::run_dashboard(*parsed.dashboard, machine_files);
  if (parsed.tour) return pipetop::run_tour(*parsed.tour, machine_files);
  if (parsed.replay) return pipetop::run_replay(*parsed.replay, machine_files);
  pipetop::unblock_termination_signals();  // the others end by a signal's default action
  pipetop::unblock_summary_request();
  if (parsed.events) return pipetop::list_events(*parsed.events, machine_files, out);
  if (parsed.check) return pipetop::run_check(*parsed.check, machine_files, out);
  if (parsed.tune) return pipetop::run_tune(*parsed.tune, machine_files, out);
  if (parsed.ab) return pipetop::run_ab(*parsed.ab, machine_files, out);
  if (parsed.sweep) return pipetop::run_sweep(*parsed.sweep, machine_files, out);
  return parsed.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  // First of all: a signal from here on waits to be read, so every way out is the program's own.
  pipetop::block_termination_signals();
  pipetop::ignore_broken_pipe_signal();
  pipetop::block_summary_request();
  pipetop::reserve_standard_streams();
  const pipetop::Result<pipetop::SignalWatch> signals = pipetop::SignalWatch::install();
  if (!signals) return pipetop::print_error(signals.error());
  const pipetop::ParsedCommandLine parsed = pipetop::parse_command_line(argc, argv);
  std::fputs(parsed.err.c_str(), stderr);
  pipetop::OutputStream out(STDOUT_FILENO);
  out.write(parsed.out);
  const int code = dispatch(parsed, *signals, out);
  return pipetop::finish_output(out, code, *signals);
}

#include "pipetop/app/dashboard_command.hpp"

#include "pipetop/app/live_pair.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/recording_file.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/other_end.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {

namespace {

// The headless command that measures what `ends` measures, for when there is no terminal.
std::string headless_form(const PipeEnds& ends) {
  switch (ends.kind) {
    case EndsKind::stdin_reader:
      return ends.pass ? "producer | pipetop run --stdin --pass | consumer" : "producer | pipetop run --stdin";
    case EndsKind::command_reader:
      return "pipetop run -- " + ends.command.front() + " ...";
    case EndsKind::stdout_writer:
      return "pipetop run --stdout | consumer";
    case EndsKind::own_pair:
      break;
  }
  return "pipetop run";
}

// Curses on stdin and stdout, or on /dev/tty when they carry the other program's data.
Result<std::unique_ptr<Terminal>> open_terminal(const ViewOptions& view, const PipeEnds& ends) {
  if (ends.kind == EndsKind::own_pair) return Terminal::open(view.ascii, view.theme);
  return Terminal::open_tty(view.ascii, view.theme, headless_form(ends));
}

}  // namespace

int run_dashboard(const DashboardCommand& command, const SystemFiles& files) {
  const Result<DriveEnds> ends = find_drive_ends(command.ends, files);
  if (!ends) return print_error(ends.error());
  Result<WorkerPlan> plan =
      plan_workers(config_for_ends(command.config, ends->ends, command.ends.given), read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  Result<std::optional<Baseline>> baseline = read_baseline_file(command.view.baseline_path);
  if (!baseline) return print_error(baseline.error());
  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan->machine, "dashboard");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan->machine, files);
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  // The user's program's end, held across the worker's restarts: a command that cannot start says so
  // before any screen is drawn, and one started is ended (SIGKILL) when there is no terminal after all.
  Result<std::unique_ptr<ExternalEnd>> held = ExternalEnd::open(ends->ends);
  if (!held) return print_error(held.error());
  const std::unique_ptr<ExternalEnd> external = std::move(*held);
  Result<std::unique_ptr<Terminal>> terminal = open_terminal(command.view, ends->ends);
  if (!terminal) return print_error(terminal.error());
  DashboardState state = view_state(plan->config, command.view, DashboardMode::live);
  state.separate = plan->separate;
  state.profiling = profiling.has_value();
  state.ends = ends->ends.kind;
  const std::string machine = machine_summary(plan->machine);
  const pid_t other_pid = external && external->command_pid() != 0 ? external->command_pid() : ends->other_pid;
  LivePair pair(std::move(*plan), files, profiling ? &*profiling : nullptr, ends->ends, external.get(), other_pid);
  DashboardController controller(pair, state, machine, timestamped_exports(files));
  if (external) {
    const OtherEnd end = describe_other_end(*ends, other_pid);
    controller.set_other_end(end.words + ": " + name_other_end(end));
  }
  if (*baseline) controller.set_baseline(std::move(**baseline));
  if (recorder) controller.set_event_sink([&recorder](const SessionEvent& e) { recorder->record(e); });
  run_dashboard_loop(**terminal, *signals, controller, command.view.refresh_hz);
  pair.stop();  // kill and reap the workers, then give the terminal back
  (*terminal)->restore();
  if (recorder) {
    if (Result<void> finished = recorder->finish(); !finished) return print_error(finished.error());
    std::fprintf(stderr, "pipetop: recorded %s (pipetop replay %s)\n", recorder->path().c_str(),
                 recorder->path().c_str());
  }
  return 0;
}

}  // namespace pipetop

#include "pipetop/app/dashboard_command.hpp"

#include "pipetop/app/live_pair.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/recording_file.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {

int run_dashboard(const DashboardCommand& command, const SystemFiles& files) {
  Result<WorkerPlan> plan = plan_workers(command.config, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  Result<std::optional<Baseline>> baseline = read_baseline_file(command.view.baseline_path);
  if (!baseline) return print_error(baseline.error());
  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan->machine, "dashboard");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  Result<std::unique_ptr<Terminal>> terminal = Terminal::open(command.view.ascii, command.view.theme);
  if (!terminal) return print_error(terminal.error());
  DashboardState state = view_state(plan->config, command.view, DashboardMode::live);
  state.separate = plan->separate;
  const std::string machine = machine_summary(plan->machine);
  LivePair pair(std::move(*plan), files);
  DashboardController controller(pair, state, machine, timestamped_exports(files));
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

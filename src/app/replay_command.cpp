#include "pipetop/app/replay_command.hpp"

#include "pipetop/app/loading_watch.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recording_file.hpp"
#include "pipetop/app/replay_pair.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {

int run_replay(const ReplayCommand& command, const SystemFiles& files) {
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  // The screen first, so that `q` stops a long load; without one, the files' problems are said first.
  Result<std::unique_ptr<Terminal>> terminal = Terminal::open(command.view.ascii, command.view.theme);
  LoadingWatch loading(*signals, terminal ? terminal->get() : nullptr);
  const auto fail = [&](const Error& error) {
    if (terminal) (*terminal)->restore();
    return loading.stopped() ? 0 : print_error(error);  // stopped: the dashboard's way out, exit 0
  };
  Result<Recording> recording = read_recording_file(command.path, loading.stop_for(command.path));
  if (!recording) return fail(recording.error());
  const auto first = std::find_if(recording->events.begin(), recording->events.end(),
                                  [](const SessionEvent& e) { return std::holds_alternative<SegmentStart>(e); });
  if (first == recording->events.end()) {
    return fail(usage_error(command.path + " holds no configuration that ran: nothing to replay"));
  }
  Result<std::optional<Baseline>> baseline =
      read_baseline_file(command.view.baseline_path, loading.stop_for(command.view.baseline_path));
  if (!baseline) return fail(baseline.error());
  if (!terminal) return print_error(terminal.error());
  const RunConfig config = std::get<SegmentStart>(*first).config;
  ReplayPair pair(std::move(recording->events), command.speed, monotonic_ns());
  const std::string machine =
      (recording->machine.empty() ? std::string("recorded machine not named") : recording->machine) + " · " +
      (recording->source == RecordingSource::run_json ? "run --format json" : "recorded " + recording->command);
  DashboardController controller(pair, view_state(config, command.view, DashboardMode::replay), machine,
                                 timestamped_exports(files));
  controller.attach_playback(pair);
  if (*baseline) controller.set_baseline(std::move(**baseline));
  run_dashboard_loop(**terminal, *signals, controller, command.view.refresh_hz);
  (*terminal)->restore();
  return 0;
}

}  // namespace pipetop

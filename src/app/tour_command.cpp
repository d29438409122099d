#include "pipetop/app/tour_command.hpp"

#include <array>
#include <cstdio>

#include "pipetop/app/live_pair.hpp"
#include "pipetop/app/loading_watch.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/recording_file.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/screen/text_cells.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/document_file.hpp"
#include "pipetop/system/machine_gauge_reader.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

constexpr int kTextWidth = 100;

// The best configuration of a `tune --format json` output.
Result<RunConfig> read_tuned(const std::string& path, const StopAsked& stop) {
  Result<std::string> text = read_document_file(path, stop);
  if (!text) return std::unexpected(text.error());
  Result<Json> json = parse_json(*text);
  if (!json) return std::unexpected(usage_error("--tuned " + path + ": " + json.error().message));
  const Json* config = find_member(find_member(&*json, "best"), "config");
  if (config == nullptr) {
    return std::unexpected(usage_error(path + " is not the output of `pipetop tune --format json` with a best",
                                       "pipetop tune --format json > tuned.json"));
  }
  return read_config_json(*config);
}

void print_caption(std::size_t i, const std::vector<TourStep>& steps, const std::string& caption) {
  std::string text =
      "Step " + std::to_string(i + 1) + "/" + std::to_string(steps.size()) + " · " + steps[i].name + "\n";
  for (const std::string& line : wrap_words(caption, kTextWidth - 2)) text += "  " + line + "\n";
  std::fputs((text + "\n").c_str(), stdout);
  std::fflush(stdout);
}

// One step headless: its configuration driven for the step's time, every event into `history` (and
// the recording). Returns why it could not run, or "" when it ran; `signal` when one ended it.
std::string drive_step(const WorkerPlan& plan, const TourStep& step, const std::string& label, std::int64_t step_ns,
                       const SignalWatch& signals, const SystemFiles& files, History& history, Recorder* recorder,
                       std::optional<int>& signal) {
  WorkerPlan step_plan = plan;
  step_plan.config = step.config;
  step_plan.config.duration_ns = step_ns;
  step_plan.config.bytes_limit.reset();
  if (Result<void> valid = validate(step_plan.config, plan.limits); !valid) return format_error(valid.error());
  const auto take = [&](const SessionEvent& e) {
    history.apply(e);
    if (recorder != nullptr) recorder->record(e);
  };
  const Result<DrivenRun> run = drive_session(
      step_plan, &signals, files, {[&](const Session& s) { take(segment_start_of(s, label)); }, {}, take, {}});
  if (!run) return format_error(run.error());
  signal = run->signal;
  return run->outcome.end == EndReason::worker_failed ? run->outcome.failure : std::string();
}

// Step `i` (A) raced against the step before (B) in paired rounds of kTourSliceNs for `budget_ns`, as
// the dashboard's tour races them; a signal ends the race after the round it arrives in. Nullopt when
// the race could not start.
std::optional<StepRace> race_step(const std::vector<TourStep>& steps, std::size_t i, std::int64_t budget_ns,
                                  const WorkerPlan& plan, const SystemFiles& files, const SignalWatch& signals,
                                  std::optional<int>& signal) {
  SessionTrialRunner runner(files, plan.machine);
  MachineGaugeReader gauge(files);
  RoundsPlan rounds_plan;
  rounds_plan.budget_ns = budget_ns;
  Result<PairedRounds> rounds = PairedRounds::start(rounds_plan, runner.now_ns());
  if (!rounds) return std::nullopt;
  const std::array<RunConfig, 2> configs{steps[i].config, steps[i - 1].config};
  run_rounds(*rounds, runner, configs, kTourSliceNs, &gauge, [&](PairedRounds& r) {
    signal = signals.take();
    if (!signal) return;
    r.retire(0);
    r.retire(1);
  });
  return step_race(*rounds, true);
}

int run_headless_tour(const TourCommand& command, const WorkerPlan& plan, const std::vector<TourStep>& steps,
                      const SystemFiles& files, Recorder* recorder) {
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  std::printf("pipetop tour: the article's ladder on %s, %s a step\n\n", machine_summary(plan.machine).c_str(),
              format_duration_arg(command.step_ns).c_str());
  History history;
  std::vector<std::optional<TourFigures>> measured(steps.size());
  std::vector<std::optional<StepRace>> races(steps.size());
  std::optional<int> signal;
  for (std::size_t i = 0; i < steps.size() && !signal; ++i) {
    const std::string label =
        i == 0 ? describe_start(steps[i].config) : describe_change(steps[i - 1].config, steps[i].config);
    // As in the dashboard: the first step steady for all its time; each later one steady first, for its
    // figures, then raced against the step before for the rest.
    const bool raced = i > 0 && measured[i - 1];
    const std::int64_t steady_ns = raced ? tour_steady_ns(command.step_ns) : command.step_ns;
    const std::string failure =
        drive_step(plan, steps[i], label, steady_ns, *signals, files, history, recorder, signal);
    if (!failure.empty()) {
      print_caption(i, steps, "This step could not run here: " + failure);
      continue;
    }
    measured[i] = tour_figures(history);
    if (raced && !signal) races[i] = race_step(steps, i, command.step_ns - steady_ns, plan, files, *signals, signal);
    print_caption(i, steps, tour_caption(steps[i], *measured[i], i > 0 ? measured[i - 1] : std::nullopt, races[i]));
  }
  for (const std::string& line : tour_summary(steps, measured, races)) std::puts(line.c_str());
  return signal ? 128 + *signal : 0;
}

int run_tour_dashboard(const TourCommand& command, WorkerPlan plan, std::vector<TourStep> steps,
                       const SystemFiles& files, Recorder* recorder, std::optional<Baseline> baseline) {
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  Result<std::unique_ptr<Terminal>> terminal = Terminal::open(command.view.ascii, command.view.theme);
  if (!terminal) return print_error(terminal.error());
  plan.config = steps.front().config;
  DashboardState state = view_state(plan.config, command.view, DashboardMode::tour);
  state.separate = plan.separate;
  const std::string machine = machine_summary(plan.machine);
  LivePair pair(std::move(plan), files);
  DashboardController controller(pair, state, machine, timestamped_exports(files));
  if (baseline) controller.set_baseline(std::move(*baseline));
  if (recorder != nullptr) controller.set_event_sink([recorder](const SessionEvent& e) { recorder->record(e); });
  controller.start_tour(std::move(steps), command.step_ns, monotonic_ns());
  run_dashboard_loop(**terminal, *signals, controller, command.view.refresh_hz);
  pair.stop();
  (*terminal)->restore();
  return 0;
}

}  // namespace

int run_tour(const TourCommand& command, const SystemFiles& files) {
  Result<WorkerPlan> plan = plan_workers(command.base, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  LoadingWatch loading(*signals, nullptr);  // no screen yet: Ctrl-C and SIGTERM stop the loading
  const auto fail = [&](const Error& error) {
    if (const std::optional<int> signal = loading.signal()) return command.no_ui ? 128 + *signal : 0;
    return print_error(error);
  };
  std::optional<RunConfig> tuned;
  if (!command.tuned_path.empty()) {
    Result<RunConfig> read = read_tuned(command.tuned_path, loading.stop_for(command.tuned_path));
    if (!read) return fail(read.error());
    tuned = *read;
  }
  Result<std::optional<Baseline>> baseline =
      read_baseline_file(command.view.baseline_path, loading.stop_for(command.view.baseline_path));
  if (!baseline) return fail(baseline.error());
  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan->machine, "tour");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  std::vector<TourStep> steps = tour_steps(plan->config, tuned);
  const int code = command.no_ui ? run_headless_tour(command, *plan, steps, files, recorder.get())
                                 : run_tour_dashboard(command, std::move(*plan), std::move(steps), files,
                                                      recorder.get(), std::move(*baseline));
  if (recorder) {
    if (Result<void> finished = recorder->finish(); !finished) return print_error(finished.error());
  }
  return code;
}

}  // namespace pipetop

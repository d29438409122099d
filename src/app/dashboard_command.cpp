#include "pipetop/app/dashboard_command.hpp"

#include "pipetop/app/live_pair.hpp"
#include "pipetop/app/live_pairs.hpp"
#include "pipetop/app/loading_watch.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/recording_file.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/figures/other_end.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/memory_loop.hpp"

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

// --pairs N: the pairs placed as run places them, each on its CPUs; `note` gets what was done
// instead of what was asked, if anything.
Result<std::unique_ptr<LivePairs>> place_live_pairs(const RunConfig& config, int asked, const MachineFacts& machine,
                                                    const SystemFiles& files, std::string& note) {
  const std::vector<CpuPlace> allowed = allowed_places(machine);
  const PairPlacement placement = place_pairs_as_asked(config, allowed, asked);
  note = placement.note;
  Result<std::vector<WorkerPlan>> plans = plan_pairs(config, machine, placement);
  if (!plans) return std::unexpected(plans.error());
  // Where the pinning key takes them: each pair's two CPUs, when every pair has its own.
  const PairPlacement pinned = place_pairs(allowed, static_cast<int>(plans->size()));
  std::vector<CpuPair> cpus;
  for (const PlacedPair& p : pinned.pairs) {
    if (p.kind != PairKind::unpinned && p.kind != PairKind::shared_cpu) cpus.push_back(p.cpus);
  }
  if (cpus.size() != plans->size()) cpus.clear();
  return std::make_unique<LivePairs>(std::move(*plans), std::move(cpus), files);
}

}  // namespace

int run_dashboard(const DashboardCommand& command, const SystemFiles& files) {
  const Result<DriveEnds> ends = find_drive_ends(command.ends, files);
  if (!ends) return print_error(ends.error());
  Result<WorkerPlan> plan =
      plan_workers(config_for_ends(command.config, ends->ends, command.ends.given), read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  LoadingWatch loading(*signals, nullptr);  // no screen yet: Ctrl-C and SIGTERM stop the loading
  Result<std::optional<Baseline>> baseline =
      read_baseline_file(command.view.baseline_path, loading.stop_for(command.view.baseline_path));
  if (!baseline) return loading.stopped() ? 0 : print_error(baseline.error());
  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan->machine, "dashboard");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan->machine, files);
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
  std::string placement_note;
  std::unique_ptr<PairControl> pair;
  if (command.pairs > 0) {
    Result<std::unique_ptr<LivePairs>> pairs =
        place_live_pairs(plan->config, command.pairs, plan->machine, files, placement_note);
    if (!pairs) return print_error(pairs.error());
    pair = std::move(*pairs);
  } else {
    auto live = std::make_unique<LivePair>(std::move(*plan), files, profiling ? &*profiling : nullptr, ends->ends,
                                           external.get(), other_pid);
    if (ends->ends.kind == EndsKind::own_pair) {  // the user's program's copies are its own: no ceiling for them
      live->measure_ceiling_with([](const RunConfig& config) -> std::optional<Ceiling> {
        const Result<Ceiling> measured = measure_ceiling(config);
        return measured ? std::optional(*measured) : std::nullopt;
      });
    }
    pair = std::move(live);
  }
  DashboardController controller(*pair, state, machine, timestamped_exports(files));
  if (!placement_note.empty()) controller.announce("--pairs: " + placement_note, monotonic_ns());
  if (external) {
    const OtherEnd end = describe_other_end(*ends, other_pid);
    controller.set_other_end(end.words + ": " + name_other_end(end));
  }
  if (*baseline) controller.set_baseline(std::move(**baseline));
  if (recorder) controller.set_event_sink([&recorder](const SessionEvent& e) { recorder->record(e); });
  run_dashboard_loop(**terminal, *signals, controller, command.view.refresh_hz);
  pair->stop();  // kill and reap the workers, then give the terminal back
  (*terminal)->restore();
  if (recorder) {
    if (Result<void> finished = recorder->finish(); !finished) return print_error(finished.error());
    std::fprintf(stderr, "pipetop: recorded %s (pipetop replay %s)\n", recorder->path().c_str(),
                 recorder->path().c_str());
  }
  return 0;
}

}  // namespace pipetop

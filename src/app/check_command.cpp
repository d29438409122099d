#include "pipetop/app/check_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "pipetop/app/baseline_file.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/made_by.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/tune_search.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/experiment/aa_spread.hpp"
#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/experiment/ladder_steps.hpp"
#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/core/report/check_report.hpp"
#include "pipetop/core/report/ladder_picture.hpp"
#include "pipetop/system/machine_gauge_reader.hpp"
#include "pipetop/system/machine_probe.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/memory_loop.hpp"

namespace pipetop {
namespace {

// The tune's winner as the last rung, run as often as the article's rungs and as long (the tune's own
// slices are short).
std::optional<RungResult> tuned_best_rung(const CheckCommand& command, const WorkerPlan& plan, const SystemFiles& files,
                                          std::size_t rungs) {
  const std::string label = "check: rung " + std::to_string(rungs + 1) + "/" + std::to_string(rungs + 1) + " ";
  const TuneResult tuned = run_tune_search(plan, files, command.tune_budget_ns, label + "tuned best, ", command.quiet);
  if (!tuned.best) return std::nullopt;
  const Rung rung{std::string(kTunedBestRung), tuned.best->outcome.config()};
  std::vector<Trial> runs;
  SessionTrialRunner runner(files, plan.machine);
  ProgressLine progress(command.quiet);
  for (int run = 1; run <= command.repeat; ++run) {
    progress.show(label + rung.name + " (run " + std::to_string(run) + "/" + std::to_string(command.repeat) + ")");
    runs.push_back(run_undisturbed(runner, rung.config, command.rung_ns));
  }
  progress.done();
  return rung_result(rung, std::move(runs));
}

// check --pairs (or --scaling: as many pairs as the allowed CPUs hold): the scaling steps with the ladder's base
// configuration (its first rung's strategy). Where fewer pairs fit pinned than asked, runs those that fit and says so
// on stderr.
PairScaling run_pairs(const CheckCommand& command, const WorkerPlan& plan, SessionTrialRunner& runner) {
  ProgressLine progress(command.quiet);
  const std::vector<CpuPlace> allowed = allowed_places(plan.machine);
  const int pairs = command.scaling ? pairs_that_fit(allowed) : command.pairs;
  PairScaling scaling =
      run_pair_scaling(runner, plan.config, allowed, pairs, command.rung_ns,
                       [&](const std::string& what) { progress.show("check: pairs at once, " + what); });
  progress.done();
  std::fputs(placement_notice(scaling.placement, pairs, "pipetop check").c_str(), stderr);
  return scaling;
}

// Every rung against the one before it, in paired rounds of --round slices for --rounds-budget, without
// profiles (a slice is a figure, not a study).
Result<LadderSteps> race_steps(const CheckCommand& command, const WorkerPlan& plan,
                               const std::vector<RungResult>& ladder, const SystemFiles& files) {
  std::vector<Rung> rungs;
  std::vector<RunConfig> configs;
  for (const RungResult& r : ladder) {
    rungs.push_back(r.rung);
    configs.push_back(r.rung.config);
  }
  SessionTrialRunner runner(files, plan.machine);
  MachineGaugeReader gauge(files);
  Result<PairedRounds> rounds =
      PairedRounds::start(ladder_rounds_plan(rungs, command.rounds_budget_ns, kDefaultPrecision), runner.now_ns());
  if (!rounds) return std::unexpected(rounds.error());
  ProgressLine progress(command.quiet);
  const auto show = [&](const PairedRounds& r) {
    const std::int64_t left = r.plan().budget_ns - (runner.now_ns() - r.start_ns());
    progress.show("check: each step against the one before, round " + std::to_string(r.rounds().size() + 1) + " (" +
                  std::to_string(std::max<std::int64_t>(0, left) / kNsPerS) + " s left at most)");
  };
  show(*rounds);
  run_rounds(*rounds, runner, configs, command.slice_ns, &gauge, show);
  progress.done();
  std::vector<std::string> names;
  for (const Rung& rung : rungs) names.push_back(rung.name);
  return LadderSteps{std::move(names), std::move(*rounds), command.slice_ns};
}

void print_check(const CheckCommand& command, const CheckOutcome& check, OutputStream& out) {
  switch (command.format) {
    case OutputFormat::json:
      out.write(check_json(check) + "\n");
      return;
    case OutputFormat::openmetrics:
      out.write(check_metrics(check));
      return;
    case OutputFormat::text:
    case OutputFormat::csv:
      break;
  }
  out.write(check_text(check));
}

}  // namespace

int run_check(const CheckCommand& command, const SystemFiles& files, OutputStream& out) {
  std::optional<MeasuredResults> baseline;
  if (!command.compare_path.empty()) {
    Result<MeasuredResults> read =
        read_baseline(command.compare_path, read_check_results, {});  // signals unblocked: their default ends it
    if (!read) return print_error(read.error());
    baseline = std::move(*read);
  }
  MachineFacts facts = read_machine_facts(files);
  Result<WorkerPlan> plan = plan_workers(command.base, facts);
  if (!plan) return print_error(plan.error());
  // The ladder's rungs, and the tuned best after them: each a result whose profile may be exported.
  const std::size_t profiled_results = command.profile.enabled ? ladder_rungs(plan->config).size() + 1 : 0;
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite, profiled_results); !can) {
    return print_error(can.error());
  }
  ProgressLine progress(command.quiet);
  progress.show("check: reading machine facts and probing counters, vmsplice, splice");
  probe_machine(facts);
  progress.show("check: memcpy, read and write bandwidth on the writer's CPU");
  Result<MemoryBandwidth> bandwidth =
      measure_bandwidth(plan->config.buffer_bytes, plan->config.writer_cpu, facts.caches);
  if (bandwidth) {
    facts.bandwidth = std::move(*bandwidth);
  } else {
    progress.done();
    std::fprintf(stderr, "pipetop: memory bandwidth not measured: %s\n", bandwidth.error().message.c_str());
  }

  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan->machine, files);
  SessionTrialRunner runner(files, plan->machine, profiling ? &*profiling : nullptr);
  const std::vector<Rung> rungs = ladder_rungs(plan->config);
  CheckOutcome check{facts, plan->pinning, command.rung_ns, command.repeat, {}, {}, {}, {}, {}};
  check.ladder = run_ladder(
      runner, rungs, command.rung_ns,
      [&](std::size_t i, std::size_t total, const std::string& name, std::int64_t left) {
        progress.show("check: rung " + std::to_string(i + 1) + "/" + std::to_string(total + 1) + " " + name + " (" +
                      std::to_string(std::max<std::int64_t>(0, left + command.tune_budget_ns) / kNsPerS) + " s left)");
      },
      command.repeat);
  progress.done();
  if (std::optional<RungResult> best = tuned_best_rung(command, *plan, files, rungs.size())) {
    check.ladder.push_back(std::move(*best));
  }
  if (facts.bandwidth) {  // each rung's summary states its figure as a share of memcpy of its buffer size
    for (RungResult& r : check.ladder)
      r.trial.outcome.ceiling = ceiling_of(*facts.bandwidth, r.rung.config.buffer_bytes);
  }
  Result<LadderSteps> steps = race_steps(command, *plan, check.ladder, files);
  if (!steps) return print_error(steps.error());
  check.verdicts = ladder_verdicts(facts, check.ladder, *steps);
  check.steps = std::move(*steps);
  if (command.pairs > 0 || command.scaling) check.pairs = run_pairs(command, *plan, runner);
  if (baseline) {
    const Result<MeasuredResults> current = read_check_results(check_json(check));
    if (!current) return print_error(current.error());
    check.comparison = compare_results(*baseline, *current, command.threshold, command.compare_path,
                                       aa_spreads(check.steps->rounds, check.steps->rungs));
    check.comparison->aa_source =
        aa_source_words(check.steps->rounds, command.slice_ns, "each rung raced against its neighbours");
  }
  print_check(command, check, out);

  if (!command.export_prefix.empty()) {
    std::vector<Trial> trials;
    for (const RungResult& r : check.ladder) trials.push_back(r.trial);
    LadderPicture picture =
        ladder_picture(check.ladder, "The article's ladder here, " + format_duration_arg(command.rung_ns) + " a rung",
                       machine_summary(facts));
    picture.stamp.made = made_now();
    const std::string svg = ladder_svg(picture);
    const int code = export_and_report(command.export_prefix, trials, files, command.overwrite, svg);
    if (code != 0) return code;
  }
  int code = 0;
  for (const RungResult& r : check.ladder) {
    if (!r.trial.error) continue;
    std::fprintf(stderr, "pipetop: rung '%s' could not move data: %s\n", r.rung.name.c_str(),
                 r.trial.error->message.c_str());
    code = static_cast<int>(ExitCode::runtime);
  }
  if (check.comparison) {
    const int regressed = regression_exit(*check.comparison);
    if (code == 0) code = regressed;  // a rung that moved nothing (1) says more than a slower one
  }
  return code;
}

}  // namespace pipetop

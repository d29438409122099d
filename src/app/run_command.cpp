#include "pipetop/app/run_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <string>

#include "pipetop/app/baseline_file.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/finish_output.hpp"
#include "pipetop/app/loading_watch.hpp"
#include "pipetop/app/made_by.hpp"
#include "pipetop/app/pairs_run.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/experiment/aa_spread.hpp"
#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/figures/meter.hpp"
#include "pipetop/core/figures/other_end.hpp"
#include "pipetop/core/figures/run_verdict.hpp"
#include "pipetop/core/report/history_picture.hpp"
#include "pipetop/core/report/meter_line.hpp"
#include "pipetop/system/machine_gauge_reader.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/memory_loop.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {
namespace {

// This machine's A/A spread now (aa_spread.hpp), after the run so that it does not slow the run: the
// run's configuration against itself in paired rounds for --aa-budget, under the measurement's `name`.
// Says how it was measured, or why it was not, in `source`.
AaSpreads measure_aa(const std::string& name, const WorkerPlan& plan, const RunCommand& command,
                     const SystemFiles& files, const DriveEnds& ends, bool interrupted, std::string& source) {
  if (interrupted) {
    source = "not measured: a signal ended the run";
    return {};
  }
  if (command.aa_budget_ns == 0) {
    source = "not measured (--aa-budget 0)";
    return {};
  }
  if (ends.ends.kind != EndsKind::own_pair) {
    source = "not measured: your program is at one end, and an A/A races pipetop's own pair";
    return {};
  }
  SessionTrialRunner runner(files, plan.machine);
  MachineGaugeReader gauge(files);
  Result<PairedRounds> rounds = PairedRounds::start(aa_plan(command.aa_budget_ns), runner.now_ns());
  if (!rounds) {
    source = "not measured: " + rounds.error().message;
    return {};
  }
  RunConfig config = plan.config;
  config.bytes_limit.reset();  // each slice runs for its time
  const std::array<RunConfig, 2> configs{config, config};
  ProgressLine progress(command.quiet);
  const auto show = [&](const PairedRounds& r) {
    const std::int64_t left = r.plan().budget_ns - (runner.now_ns() - r.start_ns());
    progress.show("run --compare: this machine's A/A spread now, round " + std::to_string(r.rounds().size() + 1) +
                  " (" + std::to_string(std::max<std::int64_t>(0, left) / kNsPerS) + " s left at most)");
  };
  show(*rounds);
  run_rounds(*rounds, runner, configs, kAaSliceNs, &gauge, show);
  progress.done();
  source = aa_source_words(*rounds, kAaSliceNs, "this configuration against itself after the run");
  const std::array<std::string, 2> names{name, name};
  return aa_spreads(*rounds, names);
}

// This run against the baseline, both read by the same reader, beyond both the threshold and this
// machine's A/A spread now; none (said on stderr) if this run's own document could not be read back,
// which would be a bug.
std::optional<Comparison> compare_with(const MeasuredResults& baseline, const RunOutcome& outcome,
                                       const WorkerPlan& plan, const RunCommand& command, const SystemFiles& files,
                                       const DriveEnds& ends, bool interrupted) {
  const std::unique_ptr<Report> json = make_report(OutputFormat::json, &plan.machine);
  const Result<MeasuredResults> current = read_run_results(json->header({}) + json->summary(outcome));
  if (!current) {
    static_cast<void>(print_error(current.error()));
    return std::nullopt;
  }
  std::string source;
  const std::string name = current->measurements.empty() ? std::string() : current->measurements.front().name;
  const AaSpreads spreads = measure_aa(name, plan, command, files, ends, interrupted, source);
  Comparison comparison = compare_results(baseline, *current, command.threshold, command.compare_path, spreads);
  comparison.aa_source = std::move(source);
  return comparison;
}

// A baseline of another configuration would give a ratio between two configurations, read as a
// regression ("REGRESSED -91%", exit 4): refused before anything runs, naming what differs.
Result<void> check_same_configuration(const RunCommand& command, const MeasuredResults& baseline,
                                      const RunConfig& config) {
  JsonWriter json;
  json.begin_object();
  write_config_members(json, config, requested_pipe_bytes(config));
  json.end_object();
  const std::vector<Difference> differ = configuration_differences(baseline, run_config_settings(json.str()));
  if (differ.empty()) return {};
  std::string words;
  for (const Difference& d : differ) {
    words += (words.empty() ? "" : "; ") + d.name.substr(d.name.find('.') + 1) + " " + d.baseline + " there, " +
             d.current + " here";
  }
  const std::string ran = baseline.measurements.empty() ? std::string() : baseline.measurements.front().command;
  return std::unexpected(usage_error(
      "--compare: " + command.compare_path + " measured another configuration (" + words +
          "): a ratio between two configurations is no regression",
      (ran.empty() ? std::string("run with the baseline's options") : "run with the baseline's options (" + ran + ")") +
          ", or compare two configurations with pipetop ab"));
}

// Where stdout carries the data (--stdout, --pass), the report goes to stderr.
bool report_on_stderr(const DriveEnds& ends) {
  return ends.ends.kind == EndsKind::stdout_writer || ends.ends.pass;
}

// The summary so far of a run that goes on (SIGUSR1): its figures at this tick and the workers' CPU
// time, in the run's format where it is a line of its own (text, JSON), else as text.
std::string summary_so_far(const RunCommand& command, const Session& session, const RunOutcome& outcome) {
  RunOutcome so_far = outcome;  // bounded: the aggregate's figures, no samples
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    so_far.segment.set_cpu_time(role, session.cpu_time(role));
  }
  so_far.end = EndReason::running;
  const OutputFormat format = command.format == OutputFormat::json ? OutputFormat::json : OutputFormat::text;
  return make_report(format)->summary(so_far);
}

// The ceiling of pipetop's own pair: memcpy of the buffer size on the writer's CPU, measured in a slice of
// kCeilingSliceNs before the pair starts (check's facts are not kept anywhere a run could read them, and this
// is the figure for this buffer size on this CPU now). None with the user's program at an end: its copies are
// its own. A loop that cannot run says why on stderr, and the summary has no ceiling.
std::optional<Ceiling> own_pair_ceiling(const WorkerPlan& plan, const DriveEnds& ends) {
  if (ends.ends.kind != EndsKind::own_pair) return std::nullopt;
  Result<Ceiling> ceiling = measure_ceiling(plan.config);
  if (!ceiling) {
    std::fprintf(stderr, "pipetop: no memory ceiling: %s\n", ceiling.error().message.c_str());
    return std::nullopt;
  }
  return *ceiling;
}

// Runs `plan` with `ends` and reports on `out`; returns the exit code. With the user's program at one
// end, text output and stderr a terminal, a progress line there takes the place of the line per second.
int report_run(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out,
               const WorkerPlan& plan, const DriveEnds& ends, const std::optional<MeasuredResults>& baseline) {
  const WorkerRole ours = ends.ends.measured();
  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan.machine, files);
  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan.machine, "run");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  Result<SignalWatch> summary_requests = SignalWatch::install_summary_request();
  if (!summary_requests) return print_error(summary_requests.error());
  const std::optional<std::uint64_t> expected_bytes = command.size_bytes ? command.size_bytes : plan.config.bytes_limit;
  std::unique_ptr<Report> report = make_report(command.format, &plan.machine, {ours, expected_bytes});
  ProgressLine progress(command.quiet);
  const bool progress_line =
      command.format == OutputFormat::text && progress.terminal() && ends.ends.kind != EndsKind::own_pair;
  Meter meter(expected_bytes);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) out.write(report->header(counters));
    header_written = true;
  };
  const auto record = [&recorder](const SessionEvent& e) {
    if (recorder) recorder->record(e);
  };
  const auto on_sample = [&](WorkerRole role, const Sample& sample) {
    if (command.quiet) return;
    if (!progress_line) {
      out.write_droppable(report->sample(role, sample));  // dropped when the output is not read as fast
    } else if (role == ours) {
      if (const std::optional<MeterReading> reading = meter.add(sample)) progress.show(meter_line(*reading));
    }
  };
  const auto on_tick = [&](const Session& session, const RunOutcome& so_far) {
    if (!summary_requests->take()) return;
    progress.done();  // the summary below the line, not over it
    const std::string text = summary_so_far(command, session, so_far);
    if (report_on_stderr(ends)) {
      out.write(text);  // in turn with the report's lines
    } else {
      std::fputs(text.c_str(), stderr);
    }
  };
  const std::optional<Ceiling> ceiling = own_pair_ceiling(plan, ends);
  const Result<DrivenRun> run = drive_session(plan, &signals, files,
                                              {[&](const Session& session) {
                                                 header(session.counters(ours));
                                                 record(segment_start_of(session, describe_start(session.config())));
                                               },
                                               on_sample, record, on_tick},
                                              profiling ? &*profiling : nullptr, ends);
  progress.done();
  if (!run) return print_error(run.error());
  RunOutcome outcome = run->outcome;
  outcome.ceiling = ceiling;
  header(outcome.segment.counters(ours));  // interrupted in set-up
  out.write(report->summary(outcome));
  std::optional<Comparison> comparison;
  if (baseline) {
    comparison = compare_with(*baseline, outcome, plan, command, files, ends, run->signal.has_value());
    if (comparison) out.write(report->comparison(*comparison));
  }
  out.write(report->end());
  if (recorder) {
    if (Result<void> finished = recorder->finish(&outcome); !finished) return print_error(finished.error());
  }
  if (!command.export_prefix.empty()) {
    ChartPicture picture = run_picture(outcome, machine_summary(plan.machine));
    picture.stamp.made = made_now();
    const std::string svg = chart_svg(picture);
    const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files, command.overwrite, svg);
    if (code != 0) return code;
  }

  const RunVerdict verdict = judge_run(outcome);
  for (const std::string& problem : verdict.problems) std::fprintf(stderr, "pipetop: %s\n", problem.c_str());
  if (const int code = run_exit_code(verdict, run->signal); code != 0) return code;
  if (comparison) {
    if (const int code = regression_exit(*comparison); code != 0) return code;
  }
  return command_exit_code(outcome.other_end).value_or(0);
}

}  // namespace

int run_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out) {
  if (command.size_bytes && command.pairs > 0) {
    return print_error(usage_error("--size is how long your program's stream is, and --pairs measures pipetop's own",
                                   "the length of each pair's run is --bytes or --duration"));
  }
  if (command.pairs > 0) return run_pairs_headless(command, files, signals, out);
  std::optional<MeasuredResults> baseline;
  if (!command.compare_path.empty()) {
    LoadingWatch loading(signals, nullptr);
    Result<MeasuredResults> read =
        read_baseline(command.compare_path, read_run_results, loading.stop_for(command.compare_path));
    if (const std::optional<int> signal = loading.signal()) return 128 + *signal;
    if (!read) return print_error(read.error());
    baseline = std::move(*read);
  }
  const Result<DriveEnds> ends = find_drive_ends(command.ends, files);
  if (!ends) return print_error(ends.error());
  if (command.size_bytes && ends->ends.kind == EndsKind::own_pair) {
    return print_error(usage_error("--size is how long your program's stream is, and pipetop measures its own pair",
                                   "with --stdin, --stdout or -- COMMAND; our own pair's length is --bytes"));
  }
  Result<WorkerPlan> plan =
      plan_workers(config_for_ends(command.config, ends->ends, command.ends.given), read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  if (baseline) {
    if (Result<void> same = check_same_configuration(command, *baseline, plan->config); !same) {
      return print_error(same.error());
    }
  }
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite, command.profile.enabled ? 1 : 0);
      !can) {
    return print_error(can.error());
  }
  if (!report_on_stderr(*ends)) return report_run(command, files, signals, out, *plan, *ends, baseline);
  OutputStream stderr_out(STDERR_FILENO);  // stdout carries the data
  return finish_output(stderr_out, report_run(command, files, signals, stderr_out, *plan, *ends, baseline), signals);
}

}  // namespace pipetop

#include "pipetop/app/run_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>

#include "pipetop/app/baseline_file.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/finish_output.hpp"
#include "pipetop/app/pairs_run.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/config_change.hpp"
#include "pipetop/core/history_picture.hpp"
#include "pipetop/core/other_end.hpp"
#include "pipetop/core/run_verdict.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {
namespace {

// This run against the baseline, both read by the same reader; none (said on stderr) if this run's own
// document could not be read back, which would be a bug.
std::optional<Comparison> compare_with(const MeasuredResults& baseline, const RunOutcome& outcome,
                                       const MachineFacts& facts, const RunCommand& command) {
  const std::unique_ptr<Report> json = make_report(OutputFormat::json, &facts);
  const Result<MeasuredResults> current = read_run_results(json->header({}) + json->summary(outcome));
  if (!current) {
    static_cast<void>(print_error(current.error()));
    return std::nullopt;
  }
  return compare_results(baseline, *current, command.threshold, command.compare_path);
}

// Runs `plan` with `ends` and reports on `out`; returns the exit code.
int report_run(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out,
               const WorkerPlan& plan, const DriveEnds& ends, const std::optional<MeasuredResults>& baseline) {
  const WorkerRole ours = ends.ends.measured();
  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan.machine, files);
  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan.machine, "run");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  std::unique_ptr<Report> report = make_report(command.format, &plan.machine, ours);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) out.write(report->header(counters));
    header_written = true;
  };
  const auto record = [&recorder](const SessionEvent& e) {
    if (recorder) recorder->record(e);
  };
  // A line per sample may be dropped when the output is not read as fast: the run never waits for it.
  const Result<DrivenRun> run = drive_session(plan, &signals, files,
                                              {[&](const Session& session) {
                                                 header(session.counters(ours));
                                                 record(segment_start_of(session, describe_start(session.config())));
                                               },
                                               [&](WorkerRole role, const Sample& sample) {
                                                 if (!command.quiet) out.write_droppable(report->sample(role, sample));
                                               },
                                               record},
                                              profiling ? &*profiling : nullptr, ends);
  if (!run) return print_error(run.error());
  const RunOutcome& outcome = run->outcome;
  header(ours == WorkerRole::writer ? outcome.writer_counters : outcome.reader_counters);  // interrupted in set-up
  out.write(report->summary(outcome));
  std::optional<Comparison> comparison;
  if (baseline) {
    comparison = compare_with(*baseline, outcome, plan.machine, command);
    if (comparison) out.write(report->comparison(*comparison));
  }
  out.write(report->end());
  if (recorder) {
    if (Result<void> finished = recorder->finish(&outcome); !finished) return print_error(finished.error());
  }
  if (!command.export_prefix.empty()) {
    const std::string svg = chart_svg(run_picture(outcome, machine_summary(plan.machine)));
    const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files, command.overwrite, svg);
    if (code != 0) return code;
  }

  const RunVerdict verdict = judge_run(outcome);
  for (const std::string& problem : verdict.problems) std::fprintf(stderr, "pipetop: %s\n", problem.c_str());
  if (const int code = run_exit_code(verdict, run->signal); code != 0) return code;
  if (comparison) {
    if (const int code = regression_exit(*comparison); code != 0) return code;
  }
  return command_exit_code(outcome).value_or(0);
}

}  // namespace

int run_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out) {
  if (command.pairs > 0) return run_pairs_headless(command, files, signals, out);
  std::optional<MeasuredResults> baseline;
  if (!command.compare_path.empty()) {
    Result<MeasuredResults> read = read_baseline(command.compare_path, read_run_results);
    if (!read) return print_error(read.error());
    baseline = std::move(*read);
  }
  const Result<DriveEnds> ends = find_drive_ends(command.ends, files);
  if (!ends) return print_error(ends.error());
  Result<WorkerPlan> plan =
      plan_workers(config_for_ends(command.config, ends->ends, command.ends.given), read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite); !can) {
    return print_error(can.error());
  }
  if (ends->ends.kind != EndsKind::stdout_writer && !ends->ends.pass) {
    return report_run(command, files, signals, out, *plan, *ends, baseline);
  }
  OutputStream stderr_out(STDERR_FILENO);  // stdout carries the data
  return finish_output(stderr_out, report_run(command, files, signals, stderr_out, *plan, *ends, baseline), signals);
}

}  // namespace pipetop

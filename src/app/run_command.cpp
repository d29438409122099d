#include "pipetop/app/run_command.hpp"

#include <cstdio>
#include <string>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/recorder.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/config_change.hpp"
#include "pipetop/core/history_picture.hpp"
#include "pipetop/core/run_verdict.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {

int run_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out) {
  Result<WorkerPlan> plan = plan_workers(command.config, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite); !can) {
    return print_error(can.error());
  }
  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan->machine, files);

  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan->machine, "run");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  std::unique_ptr<Report> report = make_report(command.format);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) out.write(report->header(counters));
    header_written = true;
  };
  const auto record = [&recorder](const SessionEvent& e) {
    if (recorder) recorder->record(e);
  };
  // A line per sample may be dropped when the output is not read as fast: the run never waits for it.
  const Result<DrivenRun> run = drive_session(*plan, &signals, files,
                                              {[&](const Session& session) {
                                                 header(session.counters(WorkerRole::writer));
                                                 record(segment_start_of(session, describe_start(session.config())));
                                               },
                                               [&](WorkerRole role, const Sample& sample) {
                                                 if (!command.quiet) out.write_droppable(report->sample(role, sample));
                                               },
                                               record},
                                              profiling ? &*profiling : nullptr);
  if (!run) return print_error(run.error());
  const RunOutcome& outcome = run->outcome;
  header(outcome.writer_counters);  // a run interrupted while setting up has a summary too
  out.write(report->summary(outcome));
  if (recorder) {
    if (Result<void> finished = recorder->finish(&outcome); !finished) return print_error(finished.error());
  }
  if (!command.export_prefix.empty()) {
    const std::string svg = chart_svg(run_picture(outcome, machine_summary(plan->machine)));
    const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files, command.overwrite, svg);
    if (code != 0) return code;
  }

  const RunVerdict verdict = judge_run(outcome);
  for (const std::string& problem : verdict.problems) std::fprintf(stderr, "pipetop: %s\n", problem.c_str());
  return run_exit_code(verdict, run->signal);
}

}  // namespace pipetop

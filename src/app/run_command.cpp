#include "pipetop/app/run_command.hpp"

#include <cstdio>
#include <string>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_pair.hpp"
#include "pipetop/core/run_verdict.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {

int run_headless(const RunCommand& command, const SignalWatch& signals, OutputStream& out) {
  Result<WorkerPlan> plan = plan_workers(command.config);
  if (!plan) return print_error(plan.error());
  const RunConfig config = plan->config;
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite); !can) {
    return print_error(can.error());
  }

  Result<std::unique_ptr<Session>> started = Session::start(config, plan->limits, plan->counters);
  if (!started) return print_error(started.error());
  Session& session = **started;

  std::unique_ptr<Report> report = make_report(command.format);
  out.write(report->header(session.counters(WorkerRole::writer)));
  // A line per sample may be dropped when the output is not read as fast: the run never waits for it.
  const DrivenRun run = drive_session(session, &signals, [&](WorkerRole role, const Sample& sample) {
    if (!command.quiet) out.write_droppable(report->sample(role, sample));
  });
  const RunOutcome& outcome = run.outcome;
  out.write(report->summary(outcome));
  if (!command.export_prefix.empty()) {
    const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, command.overwrite);
    if (code != 0) return code;
  }

  const RunVerdict verdict = judge_run(outcome);
  for (const std::string& problem : verdict.problems) std::fprintf(stderr, "pipetop: %s\n", problem.c_str());
  return run_exit_code(verdict, run.signal);
}

}  // namespace pipetop

#include "pipetop/app/run_command.hpp"

#include <cstdio>
#include <string>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_pair.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {
namespace {

void emit(const std::string& text) {
  if (text.empty()) return;
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

int run_headless(const RunCommand& command, const SystemFiles& files) {
  Result<WorkerPlan> plan = plan_workers(command.config, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  const RunConfig config = plan->config;
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());

  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  Result<std::unique_ptr<Session>> started = Session::start(config, plan->machine, plan->counters);
  if (!started) return print_error(started.error());
  Session& session = **started;

  std::unique_ptr<Report> report = make_report(command.format);
  emit(report->header(session.counters(WorkerRole::writer)));
  const DrivenRun run = drive_session(session, &*signals, [&](WorkerRole role, const Sample& sample) {
    emit(report->sample(role, sample));
  });
  const RunOutcome& outcome = run.outcome;
  emit(report->summary(outcome));
  if (!command.export_prefix.empty()) {
    if (const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files); code != 0) return code;
  }

  if (outcome.end == EndReason::worker_failed) {
    std::fprintf(stderr, "pipetop: %s\n", outcome.failure.c_str());
    return static_cast<int>(ExitCode::runtime);
  }
  return run.signal ? 128 + *run.signal : 0;
}

}  // namespace pipetop

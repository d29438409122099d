#include "pipetop/app/run_command.hpp"

#include <cstdio>
#include <string>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
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
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());
  const std::optional<ProfilingPlan> profiling = plan_profiling(command.profile, plan->machine, files);

  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  std::unique_ptr<Report> report = make_report(command.format);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) emit(report->header(counters));
    header_written = true;
  };
  const Result<DrivenRun> run =
      drive_session(*plan, &*signals, files,
                    {[&](const Session& session) { header(session.counters(WorkerRole::writer)); },
                     [&](WorkerRole role, const Sample& sample) {
                       if (!command.quiet) emit(report->sample(role, sample));
                     }},
                    profiling ? &*profiling : nullptr);
  if (!run) return print_error(run.error());
  const RunOutcome& outcome = run->outcome;
  header(outcome.writer_counters);  // a run interrupted while setting up has a summary too
  emit(report->summary(outcome));
  if (!command.export_prefix.empty()) {
    if (const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files); code != 0) {
      return code;
    }
  }

  if (outcome.end == EndReason::worker_failed) {
    std::fprintf(stderr, "pipetop: %s\n", outcome.failure.c_str());
    return static_cast<int>(ExitCode::runtime);
  }
  return run->signal ? 128 + *run->signal : 0;
}

}  // namespace pipetop

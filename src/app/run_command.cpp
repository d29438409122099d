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

  Result<std::unique_ptr<Recorder>> opened = Recorder::open(command.record_path, plan->machine, "run");
  if (!opened) return print_error(opened.error());
  const std::unique_ptr<Recorder> recorder = std::move(*opened);
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  std::unique_ptr<Report> report = make_report(command.format);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) emit(report->header(counters));
    header_written = true;
  };
  const auto record = [&recorder](const SessionEvent& e) {
    if (recorder) recorder->record(e);
  };
  const Result<DrivenRun> run = drive_session(*plan, &*signals, files,
                                              {[&](const Session& session) {
                                                 header(session.counters(WorkerRole::writer));
                                                 record(segment_start_of(session, describe_start(session.config())));
                                               },
                                               [&](WorkerRole role, const Sample& sample) {
                                                 if (!command.quiet) emit(report->sample(role, sample));
                                               },
                                               record});
  if (!run) return print_error(run.error());
  const RunOutcome& outcome = run->outcome;
  header(outcome.writer_counters);  // a run interrupted while setting up has a summary too
  emit(report->summary(outcome));
  if (recorder) {
    if (Result<void> finished = recorder->finish(&outcome); !finished) return print_error(finished.error());
  }
  if (!command.export_prefix.empty()) {
    const std::string svg = chart_svg(run_picture(outcome, machine_summary(plan->machine)));
    if (const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files, svg); code != 0) {
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

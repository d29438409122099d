#include "pipetop/app/session_trial_runner.hpp"

#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {

Trial SessionTrialRunner::run(const RunConfig& config, std::int64_t duration_ns) {
  RunConfig timed = config;
  timed.duration_ns = duration_ns;
  timed.interval_ns = std::min(timed.interval_ns, duration_ns);
  Trial failed;
  failed.outcome.config = timed;
  Result<WorkerPlan> plan = plan_workers(timed, machine_);
  if (!plan) {
    failed.error = plan.error();
    return failed;
  }
  Result<DrivenRun> run = drive_session(*plan, nullptr, files_, {}, profiling_);
  if (!run) {
    failed.outcome.config = plan->config;
    failed.error = run.error();
    return failed;
  }
  Trial trial = make_trial(std::move(run->outcome));
  // Reported as the caller's configuration (its duration and interval), so the command line that
  // reproduces it is the one a person would type.
  trial.outcome.config.duration_ns = config.duration_ns;
  trial.outcome.config.interval_ns = config.interval_ns;
  return trial;
}

std::int64_t SessionTrialRunner::now_ns() {
  return monotonic_ns();
}

}  // namespace pipetop

#include "pipetop/app/session_trial_runner.hpp"

#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {
namespace {

// `config` set to run for `duration_ns`, sampled at least once in it.
RunConfig timed(const RunConfig& config, std::int64_t duration_ns) {
  RunConfig c = config;
  c.duration_ns = duration_ns;
  c.interval_ns = std::min(c.interval_ns, duration_ns);
  return c;
}

Trial failed_trial(const RunConfig& config, const Error& error) {
  Trial failed;
  failed.outcome.segment.set_config(config);
  failed.error = error;
  return failed;
}

// The trial of a run, reported as the caller's configuration (its duration and interval), so the
// command line that reproduces it is the one a person would type.
Trial trial_of(DrivenRun run, const RunConfig& asked) {
  Trial trial = make_trial(std::move(run.outcome));
  RunConfig reported = trial.outcome.config();
  reported.duration_ns = asked.duration_ns;
  reported.interval_ns = asked.interval_ns;
  trial.outcome.segment.set_config(reported);
  return trial;
}

}  // namespace

Trial SessionTrialRunner::run(const RunConfig& config, std::int64_t duration_ns) {
  return std::move(run_together({config}, duration_ns).trials.front());
}

PairsRun SessionTrialRunner::run_together(const std::vector<RunConfig>& configs, std::int64_t duration_ns) {
  std::vector<WorkerPlan> plans;
  PairsRun result;
  for (const RunConfig& config : configs) {
    Result<WorkerPlan> plan = plan_workers(timed(config, duration_ns), machine_);
    if (!plan) {  // the group cannot run as asked: none of it runs
      for (const RunConfig& c : configs) result.trials.push_back(failed_trial(timed(c, duration_ns), plan.error()));
      return result;
    }
    plans.push_back(std::move(*plan));
  }
  PairsAggregate total(plans.size(), false);
  const std::vector<DriveHooks> hooks = pairs_hooks(total, plans.size());
  Result<std::vector<DrivenRun>> runs = drive_sessions(plans, nullptr, files_, hooks, profiling_);
  bool all_moved = static_cast<bool>(runs);
  for (std::size_t i = 0; i < configs.size(); ++i) {
    result.trials.push_back(runs ? trial_of(std::move((*runs)[i]), configs[i])
                                 : failed_trial(plans[i].config, runs.error()));
    all_moved = all_moved && !result.trials.back().error;
  }
  if (all_moved) result.total_gib_per_s = total.total().throughput().gib_per_s();
  return result;
}

std::int64_t SessionTrialRunner::now_ns() {
  return monotonic_ns();
}

}  // namespace pipetop

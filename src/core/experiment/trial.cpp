#include "pipetop/core/experiment/trial.hpp"

namespace pipetop {

Trial make_trial(RunOutcome outcome) {
  Trial trial;
  trial.summary = summarize(outcome);
  if (outcome.end == EndReason::worker_failed) {
    trial.error = runtime_error(outcome.failure);
  } else if (trial.summary.reader.bytes == 0) {
    trial.error = runtime_error("no data moved through the pipe");
  }
  trial.outcome = std::move(outcome);
  return trial;
}

Trial run_undisturbed(TrialRunner& runner, const RunConfig& config, std::int64_t duration_ns) {
  Trial trial = runner.run(config, duration_ns);
  if (!trial.disturbed()) return trial;
  Trial again = runner.run(config, duration_ns);
  again.reruns = 1;
  return again;
}

}  // namespace pipetop

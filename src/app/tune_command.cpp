#include <algorithm>
#include <cstdio>

#include "pipetop/app/check_command.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/worker_pair.hpp"
#include "pipetop/app/tune_search.hpp"
#include "pipetop/core/config_change.hpp"
#include "pipetop/core/tune_report.hpp"

namespace pipetop {

TuneResult run_tune_search(const RunConfig& base, std::int64_t budget_ns, const std::string& label) {
  Result<WorkerPlan> plan = plan_workers(base);
  const MachineLimits limits = plan ? plan->limits : MachineLimits{};
  const CpuPair separate = plan ? plan->separate : CpuPair{kUnpinned, kUnpinned};
  RunConfig pinned = plan ? plan->config : base;
  const std::vector<RunConfig> candidates = tune_candidates(pinned, limits, separate);
  SessionTrialRunner runner;
  ProgressLine progress;
  TuneResult result = tune(runner, candidates, article_final(pinned), budget_ns,
                           [&](const std::string& step, const RunConfig& config, std::int64_t left_ns) {
                             progress.show(label + step + ": " + describe_config(config) + " (" +
                                           std::to_string(std::max<std::int64_t>(left_ns, 0) / kNsPerS) + " s left)");
                           });
  progress.done();
  return result;
}

int run_tune(const TuneCommand& command) {
  if (Result<WorkerPlan> plan = plan_workers(command.base); !plan) {
    std::fprintf(stderr, "pipetop: %s\n", format_error(plan.error()).c_str());
    return static_cast<int>(plan.error().kind);
  }
  const TuneResult result = run_tune_search(command.base, command.budget_ns, "tune ");
  const std::string text = command.json ? tune_json(result) + "\n" : tune_text(result);
  std::fputs(text.c_str(), stdout);
  if (!command.export_prefix.empty() && result.best) {
    std::vector<Trial> trials{*result.best};
    if (result.article) trials.push_back(*result.article);
    const Result<std::string> written = export_results(command.export_prefix, trials);
    if (!written) {
      std::fprintf(stderr, "pipetop: %s\n", format_error(written.error()).c_str());
      return 1;
    }
    std::fprintf(stderr, "pipetop: exported %s\n", written->c_str());
  }
  return result.best && result.best->gib_per_s() ? 0 : 1;
}

}  // namespace pipetop

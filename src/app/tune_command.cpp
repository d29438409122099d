#include <algorithm>
#include <cstdio>

#include "pipetop/app/check_command.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/tune_search.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/report/tune_report.hpp"
#include "pipetop/system/machine_gauge_reader.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {

TuneResult run_tune_search(const WorkerPlan& plan, const SystemFiles& files, std::int64_t budget_ns,
                           const std::string& label, bool quiet) {
  const std::vector<RunConfig> candidates = tune_candidates(plan.config, plan.limits, plan.separate);
  SessionTrialRunner runner(files, plan.machine);
  MachineGaugeReader gauge(files);
  ProgressLine progress(quiet);
  TuneResult result = tune(runner, candidates, article_final(plan.config), budget_ns, &gauge,
                           [&](const std::string& step, const RunConfig& config, std::int64_t left_ns) {
                             progress.show(label + step + ": " + describe_config(config) + " (" +
                                           std::to_string(std::max<std::int64_t>(left_ns, 0) / kNsPerS) + " s left)");
                           });
  progress.done();
  return result;
}

int run_tune(const TuneCommand& command, const SystemFiles& files, OutputStream& out) {
  const Result<WorkerPlan> plan = plan_workers(command.base, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite); !can) {
    return print_error(can.error());
  }
  const TuneResult result = run_tune_search(*plan, files, command.budget_ns, "tune ", command.quiet);
  const std::string text = command.format == OutputFormat::json ? tune_json(result) + "\n" : tune_text(result);
  out.write(text);
  if (!command.export_prefix.empty() && result.best) {
    std::vector<Trial> trials{*result.best};
    if (result.article) trials.push_back(*result.article);
    const int code = export_and_report(command.export_prefix, trials, files, command.overwrite);
    if (code != 0) return code;
  }
  return result.best && result.best->gib_per_s() ? 0 : 1;
}

}  // namespace pipetop

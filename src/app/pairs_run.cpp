#include "pipetop/app/pairs_run.hpp"

#include <cstdio>

#include "pipetop/app/print_error.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/figures/run_verdict.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/core/report/pairs_report.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {

int run_pairs_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals,
                       OutputStream& out) {
  const MachineFacts facts = read_machine_facts(files);
  PairPlacement placement = place_pairs_as_asked(command.config, allowed_places(facts), command.pairs);
  std::fputs(placement_notice(placement, command.pairs, "pipetop run").c_str(), stderr);
  Result<std::vector<WorkerPlan>> planned = plan_pairs(command.config, facts, placement);
  if (!planned) return print_error(planned.error());
  const std::vector<WorkerPlan> plans = std::move(*planned);
  PairsReport report(command.format, &facts, std::move(placement), command.pairs);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) out.write(report.header(counters));
    header_written = true;
  };
  PairsAggregate total(plans.size(), false);
  std::vector<DriveHooks> hooks = pairs_hooks(total, plans.size());
  for (std::size_t i = 0; i < plans.size(); ++i) {
    hooks[i].on_running = [&, i, started = hooks[i].on_running](const Session& session) {
      header(session.counters(WorkerRole::reader));
      started(session);
    };
    // A line per sample may be dropped when the output is not read as fast: the pairs never wait for it.
    hooks[i].on_sample = [&, i](WorkerRole role, const Sample& sample) {
      if (!command.quiet) out.write_droppable(report.sample(i, role, sample));
    };
  }
  const Result<std::vector<DrivenRun>> runs = drive_sessions(plans, &signals, files, hooks);
  if (!runs) return print_error(runs.error());
  std::vector<RunOutcome> outcomes;
  for (const DrivenRun& run : *runs) outcomes.push_back(run.outcome);
  header(outcomes.front().segment.counters(WorkerRole::reader));  // interrupted in set-up
  out.write(report.summary(outcomes, total));
  int code = 0;
  for (std::size_t i = 0; i < runs->size(); ++i) {
    const RunVerdict verdict = judge_run((*runs)[i].outcome);
    for (const std::string& problem : verdict.problems)
      std::fprintf(stderr, "pipetop: pair %zu: %s\n", i + 1, problem.c_str());
    if (code == 0) code = run_exit_code(verdict, (*runs)[i].signal);
  }
  return code;
}

}  // namespace pipetop

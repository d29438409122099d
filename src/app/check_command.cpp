#include "pipetop/app/check_command.hpp"

#include <unistd.h>

#include <cstdio>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/tune_search.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/capabilities.hpp"
#include "pipetop/core/command_line.hpp"
#include "pipetop/core/export.hpp"
#include "pipetop/core/ladder.hpp"
#include "pipetop/core/machine_facts_json.hpp"
#include "pipetop/core/printf_string.hpp"
#include "pipetop/core/report.hpp"
#include "pipetop/core/schema_version.hpp"
#include "pipetop/core/text_cells.hpp"
#include "pipetop/system/machine_probe.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

std::string facts_text(const MachineFacts& facts) {
  std::string text = "Machine\n";
  for (const Fact& f : describe_machine(facts)) {
    // A long value takes the line; its meaning goes under it, in the meaning column.
    text += text_cells(f.value) <= 36
                ? printf_string("  %-24s %s %s\n", f.name.c_str(), pad_right(f.value, 36).c_str(), f.meaning.c_str())
                : printf_string("  %-24s %s\n  %-24s %-36s %s\n", f.name.c_str(), f.value.c_str(), "", "",
                                f.meaning.c_str());
  }
  return text;
}

std::string check_json(const MachineFacts& facts, const PinningChoice& pinning, const std::vector<RungResult>& ladder,
                       const std::vector<std::string>& verdicts) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("check").key("facts");
  write_facts_json(json, facts);
  json.key("machine");
  write_machine_json(json, facts);
  json.key("pinning");
  write_pinning_json(json, pinning);
  json.key("ladder").begin_array();
  const std::optional<double> first = ladder.empty() ? std::nullopt : ladder.front().trial.gib_per_s();
  for (const RungResult& r : ladder) {
    json.begin_object().key("rung").value(r.rung.name);
    json.key("gib_per_s").value(r.trial.gib_per_s());
    const std::optional<double> rate = r.trial.gib_per_s();
    json.key("speedup").value(rate && first && *first > 0 ? std::optional<double>(*rate / *first) : std::nullopt);
    json.key("command").value(run_command_line(r.rung.config));
    if (r.trial.error) json.key("error").value(r.trial.error->message);
    json.key("disturbed").value(r.trial.disturbed()).key("reruns").value(r.trial.reruns);
    json.key("cpu_wait_fraction").begin_object();
    json.key("writer").value(r.trial.summary.writer.cpu_wait_fraction);
    json.key("reader").value(r.trial.summary.reader.cpu_wait_fraction);
    json.end_object();
    json.key("summary").raw(summary_json(r.trial.outcome));
    json.end_object();
  }
  json.end_array().key("verdicts").begin_array();
  for (const std::string& v : verdicts) json.value(v);
  json.end_array().end_object();
  return json.str();
}

}  // namespace

int run_check(const CheckCommand& command, const SystemFiles& files, OutputStream& out) {
  MachineFacts facts = read_machine_facts(files);
  Result<WorkerPlan> plan = plan_workers(command.base, facts);
  if (!plan) return print_error(plan.error());
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite); !can) {
    return print_error(can.error());
  }
  ProgressLine progress(command.quiet);
  progress.show("check: reading machine facts and probing counters, vmsplice, splice");
  probe_machine(facts);

  SessionTrialRunner runner(files, plan->machine);
  const std::vector<Rung> rungs = ladder_rungs(plan->config);
  std::vector<RungResult> ladder = run_ladder(
      runner, rungs, command.rung_ns,
      [&](std::size_t i, std::size_t total, const std::string& name, std::int64_t left) {
        progress.show("check: rung " + std::to_string(i + 1) + "/" + std::to_string(total + 1) + " " + name + " (" +
                      std::to_string(std::max<std::int64_t>(0, left + command.tune_budget_ns) / kNsPerS) + " s left)");
      });
  const TuneResult tuned = run_tune_search(
      *plan, files, command.tune_budget_ns,
      "check: rung " + std::to_string(rungs.size() + 1) + "/" + std::to_string(rungs.size() + 1) + " tuned best, ",
      command.quiet);
  progress.done();
  if (tuned.best) ladder.push_back({{"tuned best", tuned.best->outcome.config}, *tuned.best});
  const std::vector<std::string> verdicts = ladder_verdicts(facts, ladder);

  if (command.format == OutputFormat::json) {
    out.write(check_json(facts, plan->pinning, ladder, verdicts) + "\n");
  } else {
    std::string text = facts_text(facts);
    text += "\nThe ladder (" + format_duration_arg(command.rung_ns) + " per rung; counters of the writer)\n";
    text += ladder_table(ladder);
    text += "  pinned: " + plan->pinning.reason + "\n";
    if (tuned.best) text += "  tuned best: " + run_command_line(tuned.best->outcome.config) + "\n";
    text += "\nVerdicts\n";
    for (const std::string& v : verdicts) text += "  - " + v + "\n";
    out.write(text);
  }
  if (!command.export_prefix.empty()) {
    std::vector<Trial> trials;
    for (const RungResult& r : ladder) trials.push_back(r.trial);
    const int code = export_and_report(command.export_prefix, trials, files, command.overwrite);
    if (code != 0) return code;
  }
  int code = 0;
  for (const RungResult& r : ladder) {
    if (!r.trial.error) continue;
    std::fprintf(stderr, "pipetop: rung '%s' could not move data: %s\n", r.rung.name.c_str(),
                 r.trial.error->message.c_str());
    code = 1;
  }
  return code;
}

}  // namespace pipetop

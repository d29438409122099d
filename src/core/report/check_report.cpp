#include "pipetop/core/report/check_report.hpp"

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/experiment/machine_stability.hpp"
#include "pipetop/core/profile/profile_report.hpp"
#include "pipetop/core/report/comparison_report.hpp"
#include "pipetop/core/report/export.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/machine_facts_json.hpp"
#include "pipetop/core/report/metrics_report.hpp"
#include "pipetop/core/report/pair_scaling_report.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/stability_json.hpp"
#include "pipetop/core/report/wakeup_phases_json.hpp"
#include "pipetop/core/screen/text_cells.hpp"

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

// Each rung's figure against the first rung's.
std::optional<double> speedup(const RungResult& r, const std::vector<RungResult>& ladder) {
  const std::optional<double> rate = r.trial.gib_per_s();
  const std::optional<double> first = ladder.empty() ? std::nullopt : ladder.front().trial.gib_per_s();
  return rate && first && *first > 0 ? std::optional<double>(*rate / *first) : std::nullopt;
}

void write_rung_json(JsonWriter& json, const RungResult& r, const std::vector<RungResult>& ladder) {
  json.begin_object().key("rung").value(r.rung.name);
  json.key("gib_per_s").value(r.trial.gib_per_s());
  json.key("gib_per_s_runs").begin_array();
  for (const double run : r.runs_gib_per_s) json.value(run);
  json.end_array();
  json.key("speedup").value(speedup(r, ladder));
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

// pipetop_check_pairs_throughput_bytes_per_second{pairs="N"} (the aggregate) and
// pipetop_check_pairs_efficiency_ratio{pairs="N"}.
void write_pair_metrics(OpenMetricsWriter& metrics, const PairScaling& pairs) {
  metrics.gauge("pipetop_check_pairs_throughput_bytes_per_second", "All pairs' throughput together, N pairs at once.",
                "bytes_per_second");
  for (const PairsStep& step : pairs.steps) {
    const std::optional<double> gib = step.aggregate_gib_per_s();
    metrics.sample({{"pairs", std::to_string(step.pairs.size())}},
                   gib ? std::optional<double>(*gib * static_cast<double>(kGiB)) : std::nullopt);
  }
  metrics.gauge("pipetop_check_pairs_efficiency_ratio", "N pairs' aggregate over N times one pair's.", "ratio");
  for (const PairsStep& step : pairs.steps) {
    metrics.sample({{"pairs", std::to_string(step.pairs.size())}}, scaling_efficiency(step, pairs.steps.front()));
  }
}

// How the steps' rounds ended: "every step within ±2%", "the 30s budget ended", "a rung failed".
std::string steps_stop_words(const PairedRounds& rounds) {
  switch (rounds.stopped().value_or(StopReason::budget)) {
    case StopReason::precise:
      return "every step within ±" + format_percent(rounds.plan().precision);
    case StopReason::budget:
      return "the " + format_duration_arg(rounds.plan().budget_ns) + " budget ended";
    case StopReason::failed:
    case StopReason::retired:
      break;
  }
  return "a rung failed";
}

std::string steps_text(const LadderSteps& steps) {
  const PairedRounds& rounds = steps.rounds;
  std::string text = "\nEach step against the one before it, in paired rounds (" + format_duration_arg(steps.slice_ns) +
                     " a rung after its warm-up, the order alternating; " + std::to_string(rounds.rounds().size()) +
                     " rounds in " + format_fixed(static_cast<double>(rounds.elapsed_ns()) / 1e9, 1) +
                     " s: " + steps_stop_words(rounds) + ")\n";
  for (std::size_t i = 1; i < steps.rungs.size(); ++i) {
    const RatioEstimate e = rounds.estimate(step_contrast(i));
    text += "  " + pad_right(steps.rungs[i], 30) + " " + pad_right(estimate_text(e), 32) + " " +
            std::string(change_words(e.change())) + printf_string(" (%zu rounds", e.rounds) +
            (e.dropped > 0 ? printf_string(", %zu dropped: disturbed)\n", e.dropped) : ")\n");
    if (const std::optional<WakeupPhases> phases = wakeup_phases(rounds, step_contrast(i))) {
      for (const std::string& line : wrap_words(wakeup_phases_words(*phases), 92)) text += "    " + line + "\n";
    }
  }
  return text + "  stability: " + stability_words(machine_stability(rounds)) + "\n";
}

void write_steps_json(JsonWriter& json, const LadderSteps& steps) {
  const PairedRounds& rounds = steps.rounds;
  json.begin_object().key("round_s").value(static_cast<double>(steps.slice_ns) / 1e9);
  json.key("budget_s").value(static_cast<double>(rounds.plan().budget_ns) / 1e9);
  json.key("precision_asked").value(rounds.plan().precision);
  json.key("elapsed_s").value(static_cast<double>(rounds.elapsed_ns()) / 1e9);
  json.key("rounds").value(static_cast<std::uint64_t>(rounds.rounds().size()));
  json.key("stop").value(to_string(rounds.stopped().value_or(StopReason::budget)));
  json.key("each").begin_array();
  for (std::size_t i = 1; i < steps.rungs.size(); ++i) {
    const RatioEstimate e = rounds.estimate(step_contrast(i));
    json.begin_object().key("rung").value(steps.rungs[i]).key("previous").value(steps.rungs[i - 1]);
    json.key("ratio").value(e.median).key("ci95");
    if (e.interval) {
      json.begin_array().value(e.interval->low).value(e.interval->high).end_array();
    } else {
      json.null();
    }
    json.key("rounds").value(static_cast<std::uint64_t>(e.rounds));
    json.key("dropped").value(static_cast<std::uint64_t>(e.dropped));
    json.key("change").value(change_words(e.change())).key("phases");
    wakeup_phases_json(json, wakeup_phases(rounds, step_contrast(i)));
    json.end_object();
  }
  json.end_array().end_object();
}

// pipetop_check_step_ratio{rung="..."} and its interval's bounds, and the machine's spread between rounds.
void write_step_metrics(OpenMetricsWriter& metrics, const LadderSteps& steps) {
  const auto each = [&](const char* name, const char* help, auto figure) {
    metrics.gauge(name, help, "ratio");
    for (std::size_t i = 1; i < steps.rungs.size(); ++i) {
      metrics.sample({{"rung", steps.rungs[i]}}, figure(steps.rounds.estimate(step_contrast(i))));
    }
  };
  each("pipetop_check_step_ratio", "The rung over the one before it: the median of paired rounds' ratios.",
       [](const RatioEstimate& e) { return e.median; });
  each("pipetop_check_step_ci95_low_ratio", "The low end of the step's 95% interval.",
       [](const RatioEstimate& e) { return e.interval ? std::optional(e.interval->low) : std::nullopt; });
  each("pipetop_check_step_ci95_high_ratio", "The high end of the step's 95% interval.",
       [](const RatioEstimate& e) { return e.interval ? std::optional(e.interval->high) : std::nullopt; });
  metrics
      .gauge("pipetop_check_stability_spread_ratio",
             "How much a fixed configuration varied between rounds: its fastest slice over its slowest.", "ratio")
      .sample(machine_stability(steps.rounds).spread);
}

}  // namespace

std::string check_text(const CheckOutcome& check) {
  std::string text = facts_text(check.facts);
  text += "\nThe ladder (" + format_duration_arg(check.rung_ns) + " per rung" +
          (check.repeat > 1 ? printf_string(", the median of %d runs", check.repeat) : "") +
          "; counters of the writer)\n";
  text += ladder_table(check.ladder);
  text += "  pinned: " + check.pinning.reason + "\n";
  if (!check.ladder.empty() && check.ladder.back().rung.name == kTunedBestRung) {
    text += "  tuned best: " + run_command_line(check.ladder.back().rung.config) + "\n";
  }
  if (check.steps) text += steps_text(*check.steps);
  if (const std::string profiles = ladder_profile_table(check.ladder); !profiles.empty()) {
    text += "\nWhere the time goes (each worker's largest shares of its profile)\n" + profiles;
  }
  text += "\nVerdicts\n";
  for (const std::string& v : check.verdicts) text += "  - " + v + "\n";
  if (check.pairs) text += pair_scaling_text(*check.pairs);
  if (check.comparison) text += comparison_text(*check.comparison);
  return text;
}

std::string check_json(const CheckOutcome& check) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("check").key("facts");
  write_facts_json(json, check.facts);
  json.key("machine");
  write_machine_json(json, check.facts);
  json.key("pinning");
  write_pinning_json(json, check.pinning);
  json.key("rung_seconds").value(static_cast<double>(check.rung_ns) / static_cast<double>(kNsPerS));
  json.key("repeat").value(check.repeat);
  json.key("ladder").begin_array();
  for (const RungResult& r : check.ladder) write_rung_json(json, r, check.ladder);
  json.end_array();
  if (check.steps) {
    json.key("steps");
    write_steps_json(json, *check.steps);
    json.key("stability").raw(stability_json(machine_stability(check.steps->rounds)));
  }
  json.key("verdicts").begin_array();
  for (const std::string& v : check.verdicts) json.value(v);
  json.end_array();
  if (check.pairs) {
    json.key("pairs");
    write_pair_scaling_json(json, *check.pairs);
  }
  if (check.comparison) {
    json.key("comparison").begin_object();
    write_comparison_fields(json, *check.comparison);
    json.end_object();
  }
  json.end_object();
  return json.str();
}

std::string check_metrics(const CheckOutcome& check) {
  OpenMetricsWriter metrics;
  write_machine_metrics(metrics, check.facts);
  metrics.gauge("pipetop_check_rung_seconds", "How long each run of a rung lasted.", "seconds")
      .sample(static_cast<double>(check.rung_ns) / static_cast<double>(kNsPerS));
  metrics.gauge("pipetop_check_repeat", "Runs of each rung; its figure is their median.").sample(check.repeat);
  std::vector<LabelledRun> runs;
  for (const RungResult& r : check.ladder)
    runs.push_back({{{"rung", r.rung.name}}, &r.trial.outcome, &r.trial.summary});
  metrics.gauge("pipetop_check_rung_info", "The command line that runs each rung, as a label; always 1.");
  for (const RungResult& r : check.ladder)
    metrics.sample({{"rung", r.rung.name}, {"command", run_command_line(r.rung.config)}}, 1.0);
  metrics.gauge("pipetop_check_rung_failed", "1 when the rung moved no data.");
  for (const RungResult& r : check.ladder) metrics.sample({{"rung", r.rung.name}}, r.trial.error ? 1.0 : 0.0);
  metrics.gauge("pipetop_check_rung_speedup_ratio", "The rung's throughput over the first rung's.", "ratio");
  for (const RungResult& r : check.ladder) metrics.sample({{"rung", r.rung.name}}, speedup(r, check.ladder));
  if (check.steps) write_step_metrics(metrics, *check.steps);
  write_run_metrics(metrics, "pipetop_check_rung", runs);
  if (check.pairs) write_pair_metrics(metrics, *check.pairs);
  if (check.comparison) write_comparison_metrics(metrics, "pipetop_check", *check.comparison, "rung");
  return metrics.finish();
}

}  // namespace pipetop

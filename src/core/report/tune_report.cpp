#include "pipetop/core/report/tune_report.hpp"

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/experiment/machine_stability.hpp"
#include "pipetop/core/figures/interference.hpp"
#include "pipetop/core/report/interval_json.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/stability_json.hpp"

namespace pipetop {
namespace {

// One raced configuration as the reports show it.
struct Entrant {
  const RunConfig* config = nullptr;
  ArmFigures figures;                // its slices that counted in the race
  std::size_t disturbed_slices = 0;  // its slices that moved data, disturbed: never ranked
  const std::optional<Error>* failure = nullptr;
  const TuneDrop* drop = nullptr;
  bool winner = false;
  // It moved data in the race, but every such slice was disturbed.
  [[nodiscard]] bool only_disturbed() const { return figures.slices == 0 && disturbed_slices > 0; }
};

Entrant entrant(const TuneResult& r, std::size_t arm) {
  static const std::optional<Error> kNone;
  Entrant e;
  e.config = &r.arms[arm];
  e.winner = arm == r.winner && r.best.has_value();
  e.failure = &kNone;
  if (!r.race) return e;
  e.figures = r.race->arm_figures(arm);
  for (const Round& round : r.race->rounds()) {
    const Slice* slice = round.slice_of(arm);
    if (slice != nullptr && !slice->error && slice->gib_per_s && slice->disturbed) ++e.disturbed_slices;
  }
  e.failure = &r.race->failure(arm);
  e.drop = r.standings.drop_of(arm);
  return e;
}

// The headline figure of the winner (confirmation arm 0) or the article's (arm 1): the confirmation's
// median where it ran, else the race's, else the trial's own (a disturbed one).
std::optional<double> headline(const TuneResult& r, std::size_t race_arm, std::size_t confirm_arm, const Trial& t) {
  if (r.confirmation) {
    if (const std::optional<double> m = r.confirmation->arm_figures(confirm_arm).median_gib_per_s) return m;
  }
  if (r.race) {
    if (const std::optional<double> m = r.race->arm_figures(race_arm).median_gib_per_s) return m;
  }
  return t.gib_per_s();
}

std::string rate(const Trial& t, std::optional<double> figure) {
  return t.error ? "failed: " + t.error->message : format_fixed(figure, 2) + " GiB/s";
}

std::string stop_words(const PairedRounds& rounds) {
  switch (rounds.stopped().value_or(StopReason::budget)) {
    case StopReason::precise:
      return "every comparison left known within ±" + format_percent(rounds.plan().precision);
    case StopReason::budget:
      return "the " + format_duration_arg(rounds.plan().budget_ns) + " budget";
    case StopReason::failed:
      return "a configuration failed, leaving nothing to compare";
    case StopReason::retired:
      return "one configuration left";
  }
  return "";
}

std::string ratio_line(const TuneResult& r) {
  const std::optional<double> ratio = r.ratio();
  if (!ratio) return "";
  if (r.winner == 0) return "  ratio      ×1.00: the article's final configuration is the fastest found here\n";
  const std::optional<RatioEstimate> e = r.confirmed();
  if (!e || !e->median) return "";
  const std::string tail = e->interval ? " (" + interval_text(*e->interval) + ", " + std::to_string(e->rounds) +
                                             " paired rounds" +
                                             (e->change() == Change::none_shown ? ": no difference shown" : "") + ")"
                                       : " (too few rounds for an interval: " + std::to_string(e->rounds) + " kept)";
  return "  ratio      ×" + ratio_text(e->interval ? e->interval->median : *e->median) +
         " the article's final configuration" + tail + "\n";
}

std::string race_line(const TuneResult& r) {
  if (!r.race) return "";
  const PairedRounds& race = *r.race;
  return printf_string("  race       %zu configurations in %zu rounds of %s: %zu dropped, %zu took the lead; stopped: ",
                       r.arms.size(), race.rounds().size(), format_duration_arg(r.race_slice_ns).c_str(),
                       r.standings.drops().size(), r.standings.leads().size()) +
         stop_words(race) + "\n";
}

std::string confirm_line(const TuneResult& r) {
  if (!r.confirmation) return "";
  const RatioEstimate e = r.confirmation->estimate(kWinnerOverArticle);
  return printf_string("  confirm    %zu rounds of %s kept, %zu dropped (disturbed); stopped: ", e.rounds,
                       format_duration_arg(r.confirm_slice_ns).c_str(), e.dropped) +
         stop_words(*r.confirmation) + "\n";
}

std::string entrant_text(const Entrant& e) {
  std::string state;
  if (*e.failure) {
    state = "failed (" + (*e.failure)->message + ")";
  } else if (e.only_disturbed()) {
    state = "disturbed: not ranked";
  } else if (e.winner) {
    state = "winner";
  } else if (e.drop != nullptr) {
    state = "dropped after round " + std::to_string(e.drop->after_round) + ": " + estimate_text(e.drop->estimate) +
            " the incumbent";
  } else {
    state = "not dropped";
  }
  if (e.disturbed_slices > 0 && !e.only_disturbed()) {
    state += ", " + std::to_string(e.disturbed_slices) + " disturbed (not ranked)";
  }
  const std::string figure = *e.failure ? "failed" : format_fixed(e.figures.median_gib_per_s, 2) + " GiB/s";
  return printf_string("  %14s   ", figure.c_str()) + describe_config(*e.config) + "  (" + state + ")\n";
}

void entrant_json(JsonWriter& json, const Entrant& e) {
  json.begin_object().key("command").value(run_command_line(*e.config));
  json.key("gib_per_s").value(e.figures.median_gib_per_s);
  json.key("disturbed").value(e.only_disturbed());
  json.key("slices").value(static_cast<std::uint64_t>(e.figures.slices));
  json.key("disturbed_slices").value(static_cast<std::uint64_t>(e.disturbed_slices));
  json.key("winner").value(e.winner);
  json.key("dropped_after_round");
  if (e.drop != nullptr) {
    json.value(static_cast<std::uint64_t>(e.drop->after_round));
  } else {
    json.null();
  }
  json.key("vs_incumbent");
  if (e.drop != nullptr) {
    json.begin_object().key("ratio").value(e.drop->estimate.median).key("ci95");
    interval_json(json, e.drop->estimate.interval);
    json.end_object();
  } else {
    json.null();
  }
  if (*e.failure) json.key("error").value((*e.failure)->message);
  json.end_object();
}

// A race's rounds; with `contrast`, the rounds kept and dropped for it.
void rounds_json(JsonWriter& json, const std::optional<PairedRounds>& rounds, std::int64_t slice_ns,
                 const std::optional<Contrast>& contrast = std::nullopt) {
  if (!rounds) {
    json.null();
    return;
  }
  json.begin_object().key("rounds").value(static_cast<std::uint64_t>(rounds->rounds().size()));
  if (contrast) {
    const RatioEstimate e = rounds->estimate(*contrast);
    json.key("kept")
        .value(static_cast<std::uint64_t>(e.rounds))
        .key("dropped")
        .value(static_cast<std::uint64_t>(e.dropped));
  }
  json.key("round_s").value(static_cast<double>(slice_ns) / 1e9);
  json.key("elapsed_s").value(static_cast<double>(rounds->elapsed_ns()) / 1e9);
  json.key("stop").value(to_string(rounds->stopped().value_or(StopReason::budget)));
  json.key("stop_words").value(stop_words(*rounds));
  json.end_object();
}

}  // namespace

std::string tune_text(const TuneResult& r) {
  std::string text = "\n";
  if (!r.best) text += "  no configuration moved any data: see the configurations below\n";
  if (r.best) {
    text += "  winner     " + rate(*r.best, headline(r, r.winner, 0, *r.best)) + "   " +
            describe_config(r.best->outcome.config()) + "\n";
    if (r.best->disturbed()) {
      text += "  disturbed  every run was: " +
              interference_words(r.best->summary.cpu_waits(), r.best->outcome.config()).value_or("") + "\n";
    }
    if (r.article) {
      text += "  article    " + rate(*r.article, headline(r, 0, 1, *r.article)) + "   " +
              describe_config(r.article->outcome.config()) + "\n";
    }
    text += ratio_line(r);
    text += "  reproduce  " + run_command_line(r.best->outcome.config()) + "\n";
  }
  text += race_line(r) + confirm_line(r);
  if (r.race) text += "  stability  " + stability_words(machine_stability(*r.race)) + "\n";
  if (!r.race) return text;
  text += "\n  configurations raced (median of the slices that counted)\n";
  for (std::size_t arm = 0; arm < r.arms.size(); ++arm) text += entrant_text(entrant(r, arm));
  return text;
}

std::string tune_json(const TuneResult& r) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("tune");
  json.key("ratio").value(r.ratio());
  const std::optional<RatioEstimate> confirmed = r.confirmed();
  json.key("ci95");
  interval_json(json, confirmed && r.ratio() ? confirmed->interval : std::nullopt);
  json.key("best");
  if (r.best) {
    json.raw(summary_json(r.best->outcome));
  } else {
    json.null();
  }
  json.key("article");
  if (r.article) {
    json.raw(summary_json(r.article->outcome));
  } else {
    json.null();
  }
  json.key("race");
  rounds_json(json, r.race, r.race_slice_ns);
  json.key("confirmation");
  rounds_json(json, r.confirmation, r.confirm_slice_ns, kWinnerOverArticle);
  json.key("stability").raw(stability_json(r.race ? machine_stability(*r.race) : MachineStability{}));
  json.key("trials").begin_array();
  if (r.race) {
    for (std::size_t arm = 0; arm < r.arms.size(); ++arm) entrant_json(json, entrant(r, arm));
  }
  json.end_array().end_object();
  return json.str();
}

}  // namespace pipetop

#include "pipetop/core/report/ab_report.hpp"

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/experiment/command_arm.hpp"
#include "pipetop/core/experiment/machine_stability.hpp"
#include "pipetop/core/experiment/wakeup_phases.hpp"
#include "pipetop/core/report/interval_json.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/stability_json.hpp"
#include "pipetop/core/report/wakeup_phases_json.hpp"

namespace pipetop {
namespace {

const char* side(std::size_t arm) {
  return arm == kAOverB.numerator ? "A" : "B";
}

std::string seconds(std::int64_t ns) {
  return format_duration_arg(ns);
}

// "A 41.23" or "A failed" (or "A —" when it did not run).
std::string figure(const Round& round, std::size_t arm) {
  const Slice* slice = round.slice_of(arm);
  const std::string value = slice == nullptr ? "—" : slice->error ? "failed" : format_fixed(slice->gib_per_s, 2);
  return printf_string("%s %7s", side(arm), value.c_str());
}

// What became of a round that gave no ratio: which side failed, or was disturbed and how much.
std::string round_problem(const Round& round) {
  std::string disturbed;
  for (const std::size_t arm : {kAOverB.numerator, kAOverB.denominator}) {
    const Slice* slice = round.slice_of(arm);
    if (slice == nullptr) continue;
    if (slice->error) return std::string(side(arm)) + " failed: " + slice->error->message;
    if (slice->disturbed) {
      disturbed += (disturbed.empty() ? "" : ", ") + std::string(side(arm)) + " disturbed" +
                   (slice->run_delay ? " (run delay " + format_percent(*slice->run_delay) + ")" : "");
    }
  }
  return disturbed.empty() ? "not compared" : "dropped: " + disturbed;
}

std::string order(const Round& round) {
  std::string text;
  for (const Slice& slice : round.slices) text += side(slice.arm);
  return text;
}

std::string stop_text(const PairedRounds& rounds) {
  const RatioEstimate e = rounds.estimate(kAOverB);
  const std::string asked = "±" + format_percent(rounds.plan().precision);
  const std::string now = e.precision() ? "±" + format_percent(*e.precision()) : "";
  switch (rounds.stopped().value_or(StopReason::budget)) {
    case StopReason::precise:
      return "the interval is within " + asked + " (" + now + ")";
    case StopReason::budget:
      if (!now.empty()) return "the " + seconds(rounds.plan().budget_ns) + " budget ended at " + now + ", not " + asked;
      return "the " + seconds(rounds.plan().budget_ns) + " budget ended before " +
             std::to_string(values_for_interval(kRoundsConfidence)) + " rounds could be kept for an interval";
    case StopReason::failed:
      for (const std::size_t arm : {kAOverB.numerator, kAOverB.denominator}) {
        if (rounds.failure(arm)) return std::string(side(arm)) + " failed: " + rounds.failure(arm)->message;
      }
      break;
    case StopReason::retired:
      break;
  }
  return "no comparison left";
}

std::string side_text(const ArmFigures& f) {
  if (f.slices == 0) return "no slice counted";
  return "median " + format_fixed(f.median_gib_per_s, 2) + " GiB/s, " + format_fixed(f.min_gib_per_s, 2) + "–" +
         format_fixed(f.max_gib_per_s, 2) + " over " + std::to_string(f.slices) + " slices (×" +
         format_fixed(f.spread(), 2) + ")";
}

// B's words when it is a command: what it is given, and where its figure comes from.
std::string command_words(const RunConfig& cpus) {
  return "a command, run by /bin/sh each slice on " + describe_cpus(cpus) + " ($" + std::string(kWriterCpuVariable) +
         ", $" + std::string(kReaderCpuVariable) + "), moving $" + std::string(kBytesVariable) +
         " bytes; its figure: the number its last line starts with";
}

void side_json(JsonWriter& json, const RunConfig& config, const std::optional<std::string>& command,
               const ArmFigures& f) {
  json.begin_object();
  if (command) {
    json.key("command").value(*command).key("config").value(command_words(config)).key("external").value(true);
  } else {
    json.key("command").value(run_command_line(config)).key("config").value(describe_config(config));
  }
  json.key("median_gib_per_s").value(f.median_gib_per_s);
  json.key("min_gib_per_s").value(f.min_gib_per_s);
  json.key("max_gib_per_s").value(f.max_gib_per_s);
  json.key("spread").value(f.spread());
  json.key("slices").value(static_cast<std::uint64_t>(f.slices));
  json.end_object();
}

void slice_json(JsonWriter& json, const Slice* slice, std::int64_t start_ns) {
  if (slice == nullptr) {
    json.null();
    return;
  }
  json.begin_object().key("gib_per_s").value(slice->gib_per_s).key("disturbed").value(slice->disturbed);
  json.key("steal").value(slice->steal).key("run_delay").value(slice->run_delay);
  json.key("t_s").value(static_cast<double>(slice->started_ns - start_ns) / 1e9);
  if (slice->error) json.key("error").value(slice->error->message);
  json.end_object();
}

void rounds_json(JsonWriter& json, const PairedRounds& rounds) {
  json.begin_array();
  for (const Round& round : rounds.rounds()) {
    json.begin_object().key("order").value(order(round)).key("ratio").value(round.ratio(kAOverB));
    json.key("kept").value(round.ratio(kAOverB).has_value()).key("wakeup_us").value(round.wakeup_us());
    json.key("a");
    slice_json(json, round.slice_of(kAOverB.numerator), rounds.start_ns());
    json.key("b");
    slice_json(json, round.slice_of(kAOverB.denominator), rounds.start_ns());
    json.end_object();
  }
  json.end_array();
}

}  // namespace

std::string ab_intro_text(const AbSides& sides, const RoundsPlan& plan) {
  std::string text = "A  " + describe_config(sides.a) + "\n";
  if (sides.b_command) {
    text += "B  " + *sides.b_command + "\n   " + command_words(sides.b) +
            "\n   B's own processes are not watched: only A's waits for its CPUs drop a round\n";
  } else {
    text += "B  " + describe_config(sides.b) + "\n";
    if (sides.a == sides.b) {
      text += "   A and B are the same configuration: an A/A run, which shows how much this machine alone varies\n";
    } else if (sides.a.writer_cpu != sides.b.writer_cpu || sides.a.reader_cpu != sides.b.reader_cpu) {
      text += "   A and B run on different CPUs: the ratio includes where they ran\n";
    }
  }
  return text + "rounds of " + seconds(sides.slice_ns) +
         " a side after each warm-up, the order alternating (AB, BA, ...), until A/B's 95% interval is within ±" +
         format_percent(plan.precision) + ", " + seconds(plan.budget_ns) + " at most\n\n";
}

std::string ab_round_text(const PairedRounds& rounds) {
  if (rounds.rounds().empty()) return "";
  const Round& round = rounds.rounds().back();
  const std::optional<double> ratio = round.ratio(kAOverB);
  std::string text =
      printf_string("round %3zu  %-2s  %s  %s GiB/s  ", rounds.rounds().size(), order(round).c_str(),
                    figure(round, kAOverB.numerator).c_str(), figure(round, kAOverB.denominator).c_str());
  if (!ratio) return text + round_problem(round) + "\n";
  text += printf_string("×%-6s  ", ratio_text(*ratio).c_str());
  if (const std::optional<double> us = round.wakeup_us()) {
    text += printf_string("wake %5s µs  ", format_grouped(*us, 3).c_str());
  }
  const RatioEstimate e = rounds.estimate(kAOverB);
  if (!e.interval) {
    return text + "interval after " + std::to_string(values_for_interval(kRoundsConfidence)) + " kept rounds\n";
  }
  return text + "×" + ratio_text(e.interval->median) + " (" + interval_text(*e.interval) + ", ±" +
         format_percent(e.precision().value_or(0)) + ")\n";
}

std::string ab_verdict(const RatioEstimate& e) {
  if (!e.median && e.dropped > 0) {
    return "no round could be compared: all " + std::to_string(e.dropped) +
           " were disturbed (the workers waited for their CPUs: another program is competing)";
  }
  if (!e.median) return "no round could be compared";
  if (!e.interval) {
    return "A is ×" + ratio_text(*e.median) + " B so far: too few rounds for a 95% interval (" +
           std::to_string(e.rounds) + " kept, " + std::to_string(values_for_interval(kRoundsConfidence)) + " needed)";
  }
  const std::string tail = " (" + interval_text(*e.interval) + ", " + std::to_string(e.rounds) + " rounds)";
  if (e.change() == Change::none_shown) {
    return "no difference within " + no_change_bound(*e.interval) + tail;
  }
  return "A is ×" + ratio_text(e.interval->median) + " B" + tail;
}

std::string ab_summary_text(const PairedRounds& rounds) {
  const RatioEstimate e = rounds.estimate(kAOverB);
  std::string text = "\n" + ab_verdict(e) + "\n";
  text += "  stopped    " + stop_text(rounds) + "; " + std::to_string(e.rounds) + " rounds kept, " +
          std::to_string(e.dropped) + " dropped (disturbed), in " +
          format_fixed(static_cast<double>(rounds.elapsed_ns()) / 1e9, 1) + " s\n";
  text += "  A          " + side_text(rounds.arm_figures(kAOverB.numerator)) + "\n";
  text += "  B          " + side_text(rounds.arm_figures(kAOverB.denominator)) + "\n";
  text += "  stability  " + stability_words(machine_stability(rounds)) + "\n";
  if (const std::optional<WakeupPhases> phases = wakeup_phases(rounds, kAOverB)) {
    text +=
        "  phases     " + wakeup_phases_words(*phases) + ": another run, in another state, may give another ratio\n";
  }
  return text;
}

std::string ab_json(const PairedRounds& rounds, const AbSides& sides) {
  const RatioEstimate e = rounds.estimate(kAOverB);
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("ab");
  json.key("ratio").value(e.median);
  json.key("ci95");
  interval_json(json, e.interval);
  json.key("coverage").value(e.interval ? std::optional(e.interval->coverage) : std::nullopt);
  json.key("precision").value(e.precision()).key("precision_asked").value(rounds.plan().precision);
  json.key("rounds").value(static_cast<std::uint64_t>(e.rounds));
  json.key("dropped").value(static_cast<std::uint64_t>(e.dropped));
  json.key("stop").value(to_string(rounds.stopped().value_or(StopReason::budget)));
  json.key("stop_words").value(stop_text(rounds)).key("verdict").value(ab_verdict(e));
  json.key("round_s").value(static_cast<double>(sides.slice_ns) / 1e9);
  json.key("budget_s").value(static_cast<double>(rounds.plan().budget_ns) / 1e9);
  json.key("elapsed_s").value(static_cast<double>(rounds.elapsed_ns()) / 1e9);
  json.key("a");
  side_json(json, sides.a, std::nullopt, rounds.arm_figures(kAOverB.numerator));
  json.key("b");
  side_json(json, sides.b, sides.b_command, rounds.arm_figures(kAOverB.denominator));
  json.key("stability").raw(stability_json(machine_stability(rounds)));
  json.key("phases");
  wakeup_phases_json(json, wakeup_phases(rounds, kAOverB));
  json.key("each_round");
  rounds_json(json, rounds);
  json.end_object();
  return json.str();
}

}  // namespace pipetop

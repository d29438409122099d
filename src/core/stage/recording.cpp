#include "pipetop/core/stage/recording.hpp"

#include <cmath>

#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/machine_facts_json.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/session_event_json.hpp"

namespace pipetop {
namespace {

struct Line {
  std::size_t number = 0;  // from 1
  std::string_view text;
  bool complete = true;  // ends with a newline
};

std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> lines;
  std::size_t number = 0;
  while (!text.empty()) {
    ++number;
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
      lines.push_back({number, line, end != std::string_view::npos});
    }
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return lines;
}

// Optional members, read leniently: what run output may or may not have.
std::string text_of(const Json* object, std::string_view key) {
  return string_of(find_member(object, key));
}

bool flag_of(const Json* object, std::string_view key) {
  const Json* v = find_member(object, key);
  return v != nullptr && v->is_boolean() && v->get<bool>();
}

Error at_line(const Line& line, const Error& error) {
  return usage_error("line " + std::to_string(line.number) + ": " + error.message, error.hint);
}

constexpr std::size_t kLinesBetweenAsks = 1024;  // how often a long read asks whether to stop

// Whether to stop before line `i`: asked every kLinesBetweenAsks lines.
bool stop_asked(const StopAsked& stop, std::size_t i) {
  return stop && i % kLinesBetweenAsks == 0 && stop();
}

Error stopped() {
  return runtime_error("reading stopped");
}

std::string time_range_text() {
  return "is outside 0 to " + std::to_string(kMaxRecordedNs) + " ns";
}

// A timestamp beyond the range overflowed the history's arithmetic (issue 21: t_ns near INT64_MAX).
Result<void> check_event_time(const SessionEvent& event) {
  const std::int64_t t_ns = event_time_ns(event);
  if (t_ns >= 0 && t_ns <= kMaxRecordedNs) return {};
  return std::unexpected(usage_error("\"t_ns\" " + std::to_string(t_ns) + " " + time_range_text(),
                                     "a recording's times are nanoseconds of the monotonic clock"));
}

// The summary's figures a replay or a baseline can use when there are no samples.
void read_summary(Recording& r, const Json& summary) {
  if (const Json* gib = find_member(&summary, "gib_per_s"); gib != nullptr && gib->is_number()) {
    r.summary_gib_per_s = gib->get<double>();
  }
  if (const Json* config = find_member(&summary, "config")) {
    if (Result<RunConfig> c = read_config_json(*config)) r.summary_config = *c;
  }
}

Result<void> read_recorded(Recording& r, const std::vector<Line>& lines, const Json& header, const StopAsked& stop) {
  JsonFields h(header, "header");
  const std::int64_t version = h.int64("schema_version");
  r.command = h.text("command");
  r.machine = text_of(&header, "machine");
  if (Result<int> ok = h.result(0); !ok) return std::unexpected(at_line(lines.front(), ok.error()));
  if (version < 1) {
    return std::unexpected(at_line(lines.front(), usage_error("schema_version " + std::to_string(version) +
                                                              " is not one pipetop writes (1 and up)")));
  }
  if (version > kSchemaVersion) {
    return std::unexpected(usage_error("recorded with schema_version " + std::to_string(version) +
                                           "; this pipetop reads " + std::to_string(kSchemaVersion) + " and older",
                                       "replay it with the pipetop that recorded it, or a newer one"));
  }
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (stop_asked(stop, i)) return std::unexpected(stopped());
    Result<Json> object = parse_json(lines[i].text);
    if (!object) {
      if (!lines[i].complete && i + 1 == lines.size()) break;  // cut short while being written
      return std::unexpected(at_line(lines[i], object.error()));
    }
    Result<std::optional<SessionEvent>> event = read_event_json(*object);
    if (!event) return std::unexpected(at_line(lines[i], event.error()));
    if (*event) {
      if (Result<void> time = check_event_time(**event); !time) return std::unexpected(at_line(lines[i], time.error()));
      r.events.push_back(std::move(**event));
    } else if (const Json* run = find_member(&*object, "run"); run != nullptr) {
      read_summary(r, *run);
    }
  }
  return {};
}

// The counters a run's summary names for one worker, in its order: {"name": {"unavailable": why} |
// {"value": ..., "user_only": bool, "reason"?: why}}.
std::vector<CounterInfo> summary_counters(const Json* worker) {
  std::vector<CounterInfo> counters;
  if (worker == nullptr || !worker->is_object()) return counters;
  for (const auto& [name, value] : worker->items()) {
    CounterInfo info{name, CounterState::counting, "", CounterProblem::none};
    if (find_member(&value, "unavailable") != nullptr) {
      info = {name, CounterState::unavailable, text_of(&value, "unavailable"), CounterProblem::other};
    } else if (flag_of(&value, "user_only")) {
      info = {name, CounterState::user_only, text_of(&value, "reason"), CounterProblem::none};
    }
    counters.push_back(std::move(info));
  }
  return counters;
}

Result<WorkerSample> run_sample(const Json& object) {
  JsonFields f(object, "sample");
  const std::string worker = f.text("worker");
  WorkerSample e{worker == "reader" ? WorkerRole::reader : WorkerRole::writer, {}};
  if (worker != "writer" && worker != "reader") f.fail_member("worker", "is neither writer nor reader");
  const double t_ns = f.number("t_s") * 1e9;
  if (t_ns >= 0 && t_ns <= static_cast<double>(kMaxRecordedNs)) {
    e.sample.t_ns = std::llround(t_ns);
  } else {
    f.fail_member("t_s", time_range_text() + " (in seconds)");
  }
  e.sample.bytes = f.uint64("bytes");
  e.sample.syscalls = f.uint64("syscalls");
  e.sample.eagain = f.uint64("eagain");
  const Json& counters = f.member("counters");
  if (!counters.is_object()) return f.result(e);
  for (const auto& [name, value] : counters.items()) {
    if (e.sample.counter_count == kMaxCounters) break;
    CounterReading& r = e.sample.counters[e.sample.counter_count++];
    if (value.is_null()) continue;  // unavailable: no reading
    JsonFields c(value, "counter " + name);
    r = {c.uint64("value"), c.uint64("time_enabled_ns"), c.uint64("time_running_ns")};
    if (Result<int> ok = c.result(0); !ok) f.fail(ok.error());
  }
  return f.result(e);
}

// The machine as a recording's header names it (machine_summary), from the typed facts of run
// output's machine line.
std::string machine_named(const Json* facts) {
  MachineFacts named;
  named.cpu_model = text_of(facts, "cpu_model");
  named.kernel = text_of(facts, "kernel");
  return machine_summary(named);
}

// `run --format json`: the machine line, its samples, then a summary naming the configuration and the
// counters (and a comparison line with --compare); lines of other types are passed over.
Result<void> read_run_json(Recording& r, const std::vector<Line>& lines, const StopAsked& stop) {
  r.source = RecordingSource::run_json;
  r.command = "run";
  std::vector<SessionEvent> samples;
  std::optional<Json> summary;
  for (const Line& line : lines) {
    if (stop_asked(stop, static_cast<std::size_t>(&line - lines.data()))) return std::unexpected(stopped());
    Result<Json> object = parse_json(line.text);
    if (!object) {
      if (!line.complete && &line == &lines.back()) break;
      return std::unexpected(at_line(line, object.error()));
    }
    const std::string word = text_of(&*object, "type");
    if (word == "machine") {
      r.machine = machine_named(find_member(&*object, "facts"));
    } else if (word == "sample") {
      Result<WorkerSample> sample = run_sample(*object);
      if (!sample) return std::unexpected(at_line(line, sample.error()));
      samples.emplace_back(*sample);
    } else if (word == "summary") {
      summary = std::move(*object);
    }
  }
  if (!summary) {
    return std::unexpected(
        usage_error("run output without its summary line (the last one): the configuration is unknown",
                    "record a whole run, or use --record FILE"));
  }
  read_summary(r, *summary);
  const Json* config_object = find_member(&*summary, "config");
  Result<RunConfig> config = read_config_json(config_object != nullptr ? *config_object : Json{});
  if (!config) return std::unexpected(config.error());
  const Json* counters = find_member(&*summary, "counters");
  const Json* huge = find_member(&*summary, "huge_pages");
  const HugePageResult huge_pages{flag_of(huge, "requested"), flag_of(huge, "verified"), text_of(huge, "detail"), 0};
  const std::int64_t start = samples.empty() ? 0 : std::get<WorkerSample>(samples.front()).sample.t_ns;
  const bool to_stdout = flag_of(config_object, "stdout");  // `run --stdout`: pipetop's writer paced it
  r.events.emplace_back(SegmentStart{start, *config, describe_start(*config),
                                     summary_counters(find_member(counters, "writer")),
                                     summary_counters(find_member(counters, "reader")), config->pipe_bytes.value_or(0),
                                     huge_pages, to_stdout ? WorkerRole::writer : WorkerRole::reader});
  r.events.insert(r.events.end(), samples.begin(), samples.end());
  return {};
}

}  // namespace

std::string recording_header(const MachineFacts& facts, std::string_view command) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("recording");
  json.key("command").value(command).key("machine").value(machine_summary(facts)).key("facts");
  write_facts_json(json, facts);
  json.end_object();
  return json.str() + "\n";
}

std::string recording_event(const SessionEvent& event) {
  JsonWriter json;
  write_event_json(json, event);
  return json.str() + "\n";
}

std::string recording_summary(const std::vector<LeaderboardRow>& rows, const RunOutcome* run) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("summary");
  json.key("segments").begin_array();
  for (const LeaderboardRow& row : rows) {
    const SegmentStats& s = row.stats;
    json.begin_object().key("label").value(row.label).key("configuration").value(describe_config(row.config));
    json.key("gib_per_s").value(s.mean).key("p5").value(s.p5).key("p95").value(s.p95);
    json.key("samples").value(static_cast<std::uint64_t>(s.samples)).key("seconds").value(s.seconds);
    json.key("speedup").value(s.speedup).key("config").begin_object();
    write_config_members(json, row.config, row.config.pipe_bytes);
    json.end_object().end_object();
  }
  json.end_array();
  if (run != nullptr) json.key("run").raw(summary_json(*run));
  json.end_object();
  return json.str() + "\n";
}

Result<Recording> read_recording(std::string_view text, const StopAsked& stop) {
  const std::vector<Line> lines = lines_of(text);
  if (lines.empty()) {
    return std::unexpected(usage_error(text.empty() ? "the file is empty" : "the file holds only blank lines"));
  }
  Result<Json> first = parse_json(lines.front().text);
  if (!first) return std::unexpected(at_line(lines.front(), first.error()));
  const std::string word = text_of(&*first, "type");
  Recording r;
  Result<void> read;
  if (word == "recording") {
    read = read_recorded(r, lines, *first, stop);
  } else if (word == "machine" || word == "sample" || word == "summary") {  // run's first line is the machine's
    read = read_run_json(r, lines, stop);
  } else {
    return std::unexpected(usage_error("neither a pipetop recording nor `pipetop run --format json` output",
                                       "record one with --record FILE, or save run --format json's output"));
  }
  if (!read) return std::unexpected(read.error());
  return r;
}

}  // namespace pipetop

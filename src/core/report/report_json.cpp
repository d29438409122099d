// JSON Lines report: a {"type":"machine"} object when the facts are known, a {"type":"sample"} object
// per sample, a {"type":"progress"} object a second, one {"type":"summary"} object, and a {"type":"comparison"} one
// with --compare; each begins with schema_version (schemas/run.schema.json describes every line).

#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/figures/other_end.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/figures/run_verdict.hpp"
#include "pipetop/core/figures/sample_timeline.hpp"
#include "pipetop/core/profile/profile_report.hpp"
#include "pipetop/core/report/buffer_setup_report.hpp"
#include "pipetop/core/report/comparison_report.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/machine_facts_json.hpp"
#include "pipetop/core/report/meter_line.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "report_formats.hpp"

namespace pipetop {
namespace {

// Every option of the run, keyed by its command-line name; the pipe as the kernel gave it; the
// user's program's end as it was named (--stdin, --stdout, --pass, -- COMMAND as "command").
void write_config(JsonWriter& json, const RunOutcome& o) {
  json.key("config").begin_object();
  write_config_members(json, o.config(), o.segment.pipe_bytes());
  if (o.pipe_bytes_asked) json.key("pipe_size_asked").value(*o.pipe_bytes_asked);
  if (o.other_end) {  // the form that ran, by its command-line names: stdin, stdout, pass, -- COMMAND
    const bool reads = o.other_end->role == WorkerRole::writer;
    if (reads && o.other_end->command.empty()) json.key("stdin").value(true);
    if (!reads) json.key("stdout").value(true);
    if (o.other_end->pass) json.key("pass").value(true);
    if (!o.other_end->command.empty()) {
      json.key("command").begin_array();
      for (const std::string& arg : o.other_end->command) json.value(arg);
      json.end_array();
    }
  }
  json.end_object();
}

void write_worker(JsonWriter& json, const char* key, const WorkerSummary& w) {
  json.key(key).begin_object();
  json.key("bytes").value(w.bytes).key("syscalls").value(w.syscalls).key("eagain").value(w.eagain);
  json.key("cpu_user_percent").value(w.cpu_user_percent).key("cpu_system_percent").value(w.cpu_system_percent);
  json.key("cpu_wait_fraction").value(w.cpu_wait_fraction);
  json.end_object();
}

// counters.<worker>.<event>: value, per_second, per_gib, running_fraction — or unavailable: reason.
void write_counters(JsonWriter& json, const char* key, const WorkerSummary& w) {
  json.key(key).begin_object();
  for (const CounterSummary& c : w.counters) {
    json.key(c.info.name).begin_object();
    if (c.info.state == CounterState::unavailable) {
      json.key("unavailable").value(c.info.reason);
    } else {
      json.key("value").value(c.value).key("per_second").value(c.per_second).key("per_gib").value(c.per_gib);
      json.key("running_fraction").value(c.running_fraction);
      json.key("user_only").value(c.info.state == CounterState::user_only);
      if (c.info.state == CounterState::user_only) json.key("reason").value(c.info.reason);
    }
    json.end_object();
  }
  json.end_object();
}

void write_derived(JsonWriter& json, const char* key, const DerivedFigures& d) {
  json.key(key).begin_object();
  for (const DerivedField& field : kDerivedFields) json.key(field.key).value(d.*field.member);
  json.end_object();
}

// ceiling: memcpy of the buffer size measured before the pair started, the copies this configuration
// makes of each byte, the most they let it reach, and the figure's share of memcpy.
void write_ceiling(JsonWriter& json, const RunOutcome& o, std::optional<double> gib_per_s) {
  if (!o.ceiling) return;
  const Ceiling& c = *o.ceiling;
  const CopyPath path = copy_path(o.config());
  const std::optional<double> fraction = ceiling_fraction(path);
  json.key("ceiling").begin_object();
  json.key("memcpy_gib_per_s").value(c.memcpy_gib_per_s).key("buffer_bytes").value(c.buffer_bytes).key("cpu");
  if (c.cpu) {
    json.value(static_cast<std::int64_t>(*c.cpu));
  } else {
    json.null();
  }
  json.key("measured_s").value(static_cast<double>(c.measured_ns) / 1e9);
  json.key("copies_per_byte").value(path.copies()).key("copies_take_turns").value(path.take_turns);
  json.key("bound_gib_per_s").value(fraction ? std::optional(*fraction * c.memcpy_gib_per_s) : std::nullopt);
  json.key("share").value(ceiling_share(c, gib_per_s));
  json.key("words").value(ceiling_words(o.config(), c, gib_per_s));
  json.end_object();
}

// other_end: the user's program at the other end of the pipe, when there is one.
void write_other_end(JsonWriter& json, const RunOutcome& o, const RunSummary& s) {
  if (!o.other_end) return;
  const OtherEnd& end = *o.other_end;
  json.key("other_end").begin_object();
  json.key("role").value(to_string(end.role)).key("words").value(end.words);
  if (end.pid != 0) {
    json.key("pid").value(static_cast<std::uint64_t>(end.pid)).key("command_line").value(end.command_line);
  } else {
    json.key("pid").null().key("unknown_reason").value(end.unknown_reason);
  }
  const WorkerSummary& theirs = end.role == WorkerRole::writer ? s.writer : s.reader;
  json.key("cpu_user_percent")
      .value(theirs.cpu_user_percent)
      .key("cpu_system_percent")
      .value(theirs.cpu_system_percent);
  if (end.exit_status) json.key("exit_status").value(static_cast<std::uint64_t>(*end.exit_status));
  if (end.exit_signal) json.key("exit_signal").value(static_cast<std::uint64_t>(*end.exit_signal));
  if (end.exit_status || end.exit_signal) json.key("ended_by_pipetop").value(end.ended_by_pipetop);
  if (!end.pass_path.empty()) json.key("pass_path").value(end.pass_path);
  json.end_object();
}

class JsonReport final : public Report {
 public:
  JsonReport(const MachineFacts* facts, const MeterPace& meter, PairTag pair)
      : facts_(facts), pair_(pair), paced_by_(meter.paced_by), meter_(meter.expected_bytes) {}

  // The machine line, when the facts are known: {"type": "machine", "facts": {...}}.
  std::string header(const std::vector<CounterInfo>& counters) override {
    counters_ = counters;
    if (facts_ == nullptr) return {};
    JsonWriter json;
    json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("machine").key("facts");
    write_facts_json(json, *facts_);
    json.end_object();
    return json.str() + "\n";
  }

  std::string sample(WorkerRole role, const Sample& s) override {
    const SampleTimeline::Point point = timeline_.add(role, s);
    JsonWriter json;
    json.begin_object();
    json.key("schema_version").value(kSchemaVersion).key("type").value("sample");
    write_pair(json);
    json.key("worker").value(to_string(role));
    json.key("t_s").value(point.t_s).key("bytes").value(s.bytes);
    json.key("syscalls").value(s.syscalls).key("eagain").value(s.eagain);
    json.key("gib_per_s").value(point.gib_per_s);
    json.key("counters").begin_object();
    for (std::size_t i = 0; i < counters_.size(); ++i) {
      json.key(counters_[i].name);
      if (counters_[i].state == CounterState::unavailable || i >= s.counter_count) {
        json.null();
        continue;
      }
      const CounterReading& r = s.counters[i];
      json.begin_object().key("value").value(r.value);
      json.key("time_enabled_ns").value(r.time_enabled).key("time_running_ns").value(r.time_running).end_object();
    }
    json.end_object();
    json.end_object();
    std::string lines = json.str() + "\n";
    if (role != paced_by_) return lines;
    if (const std::optional<MeterReading> reading = meter_.add(s)) lines += meter_json(*reading, pair_);
    return lines;
  }

  std::string summary(const RunOutcome& o) override {
    const RunSummary s = summarize(o);
    JsonWriter json;
    json.begin_object();
    json.key("schema_version").value(kSchemaVersion).key("type").value("summary");
    write_pair(json);
    json.key("gib_per_s").value(s.throughput.gib_per_s);
    json.key("gib_per_s_median").value(s.throughput.gib_per_s_median);
    json.key("gib_per_s_windows").begin_array();
    for (const double w : s.throughput.gib_per_s_windows) json.value(w);
    json.end_array();
    json.key("bytes").value(s.reader.bytes);
    json.key("elapsed_s").value(s.throughput.elapsed_s);
    write_ceiling(json, o, s.throughput.gib_per_s);
    json.key("samples").value(o.segment.samples(WorkerRole::writer) + o.segment.samples(WorkerRole::reader));
    json.key("dropped_samples").value(o.dropped_samples);
    json.key("eagain").value(s.writer.eagain + s.reader.eagain);
    write_worker(json, "writer", s.writer);
    write_worker(json, "reader", s.reader);
    // pipetop's own worker's mode: the user's program's counters say theirs row by row
    const bool writer_theirs = o.other_end && o.other_end->role == WorkerRole::writer;
    const CounterMode mode =
        counter_mode(writer_theirs ? o.segment.counters(WorkerRole::reader) : o.segment.counters(WorkerRole::writer),
                     o.config().user_only, o.config().no_counters);
    json.key("counter_mode").value(mode.label);
    if (!mode.why.empty()) json.key("counter_mode_reason").value(mode.why);
    json.key("counters").begin_object();
    write_counters(json, "writer", s.writer);
    write_counters(json, "reader", s.reader);
    json.end_object();
    json.key("derived").begin_object();
    write_derived(json, "writer", s.writer.derived);
    write_derived(json, "reader", s.reader.derived);
    json.end_object();
    write_time_json(json, s);
    write_profile_json(json, s);
    json.key("disturbed").value(s.disturbed());
    if (const std::optional<std::string> words = interference_words(s.cpu_waits(), o.config())) {
      json.key("disturbance").value(*words);
    }
    json.key("shared_cpus").value(o.shared_cpus);
    json.key("huge_pages").begin_object();
    json.key("requested").value(o.segment.huge_pages().requested);
    json.key("verified").value(o.segment.huge_pages().verified);
    json.key("detail").value(o.segment.huge_pages().detail);
    json.key("last_checked_s").value(huge_pages_checked_s(o));
    json.end_object();
    write_buffer_setup(json, o);
    if (o.verify) {
      json.key("verify").begin_object();
      json.key("bytes_checked").value(o.verify->bytes_checked);
      json.key("mismatches").value(o.verify->mismatches);
      if (o.verify->mismatches > 0) json.key("first_mismatch").value(o.verify->first_mismatch);
      json.key("ok").value(o.verify->mismatches == 0);
      json.end_object();
    }
    if (o.zerocopy) {
      json.key("zerocopy").begin_object();
      json.key("sends").value(o.zerocopy->sends);
      json.key("completed").value(o.zerocopy->completed);
      json.key("copied").value(o.zerocopy->copied);
      json.end_object();
    }
    write_other_end(json, o, s);
    json.key("end").value(to_string(o.end));
    if (!o.failure.empty()) json.key("failure").value(o.failure);
    const RunVerdict verdict = judge_run(o);
    json.key("ok").value(verdict.ok()).key("problems").begin_array();
    for (const std::string& problem : verdict.problems) json.value(problem);
    json.end_array();
    write_config(json, o);
    json.key("command").value(run_command_line(o.config(), o.other_end ? &*o.other_end : nullptr));
    json.end_object();
    return json.str() + "\n";
  }

  std::string comparison(const Comparison& c) override { return comparison_line_json(c) + "\n"; }

 private:
  void write_pair(JsonWriter& json) const {
    if (pair_) json.key("pair").value(static_cast<std::uint64_t>(*pair_));
  }

  const MachineFacts* facts_;
  PairTag pair_;
  WorkerRole paced_by_;
  Meter meter_;  // a progress line a second
  SampleTimeline timeline_;
  std::vector<CounterInfo> counters_;
};

}  // namespace

std::unique_ptr<Report> make_json_report(const MachineFacts* facts, const MeterPace& meter, PairTag pair) {
  return std::make_unique<JsonReport>(facts, meter, pair);
}

}  // namespace pipetop

#include "pipetop/core/report/session_event_json.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/profile/profile_access.hpp"
#include "pipetop/core/report/schema_version.hpp"

namespace pipetop {
namespace {

constexpr std::array<std::pair<CounterState, std::string_view>, 3> kStates{{
    {CounterState::counting, "counting"},
    {CounterState::user_only, "user-only"},
    {CounterState::unavailable, "unavailable"},
}};

constexpr std::array<std::pair<CounterProblem, std::string_view>, 10> kProblems{{
    {CounterProblem::none, "none"},
    {CounterProblem::asked_user_only, "asked-user-only"},
    {CounterProblem::no_pmu, "no-pmu"},
    {CounterProblem::not_permitted, "not-permitted"},
    {CounterProblem::busy, "busy"},
    {CounterProblem::unsupported, "unsupported"},
    {CounterProblem::too_many_files, "too-many-files"},
    {CounterProblem::needs_unit_mask, "needs-unit-mask"},
    {CounterProblem::unknown_event, "unknown-event"},
    {CounterProblem::other, "other"},
}};

template <class Enum, std::size_t N>
std::string_view word_of(Enum value, const std::array<std::pair<Enum, std::string_view>, N>& table) {
  for (const auto& [v, word] : table) {
    if (v == value) return word;
  }
  return table.back().second;
}

template <class Enum, std::size_t N>
Enum value_of(JsonFields& f, std::string_view key, const std::array<std::pair<Enum, std::string_view>, N>& table) {
  const std::string word = f.text(key);
  for (const auto& [v, w] : table) {
    if (w == word) return v;
  }
  f.fail_member(key, "is not one of the known words: \"" + word + "\"");
  return table.front().first;
}

void write_role(JsonWriter& json, WorkerRole role) {
  json.key("worker").value(to_string(role));
}

WorkerRole read_role(JsonFields& f) {
  const std::string role = f.text("worker");
  if (role != "writer" && role != "reader") f.fail_member("worker", "is neither writer nor reader");
  return role == "reader" ? WorkerRole::reader : WorkerRole::writer;
}

void write_counters(JsonWriter& json, std::string_view key, const std::vector<CounterInfo>& counters) {
  json.key(key).begin_array();
  for (const CounterInfo& c : counters) {
    json.begin_object().key("name").value(c.name).key("state").value(word_of(c.state, kStates));
    json.key("reason").value(c.reason).key("problem").value(word_of(c.problem, kProblems)).end_object();
  }
  json.end_array();
}

std::vector<CounterInfo> read_counters(JsonFields& f, std::string_view key) {
  std::vector<CounterInfo> counters;
  const Json& list = f.member(key);
  if (!list.is_array()) {
    f.fail_member(key, "is not a list of counters");
    return counters;
  }
  for (const Json& item : list) {
    JsonFields c(item, "counter");
    CounterInfo info{c.text("name"), value_of(c, "state", kStates), c.text("reason"),
                     value_of(c, "problem", kProblems)};
    if (Result<CounterInfo> ok = c.result(std::move(info)); ok) {
      counters.push_back(std::move(*ok));
    } else {
      f.fail(ok.error());
    }
  }
  return counters;
}

void write_huge(JsonWriter& json, const HugePageResult& h) {
  json.key("huge_pages").begin_object().key("requested").value(h.requested).key("verified").value(h.verified);
  json.key("detail").value(h.detail).key("checked_ns").value(h.checked_ns).end_object();
}

HugePageResult read_huge(JsonFields& f) {
  JsonFields h(f.member("huge_pages"), "huge_pages");
  HugePageResult r{h.flag("requested"), h.flag("verified"), h.text("detail"), h.int64("checked_ns")};
  Result<HugePageResult> ok = h.result(std::move(r));
  if (!ok) f.fail(ok.error());
  return ok.value_or(HugePageResult{});
}

RunConfig read_config(JsonFields& f) {
  Result<RunConfig> config = read_config_json(f.member("config"));
  if (!config) f.fail(config.error());
  return config.value_or(RunConfig{});
}

// ---- one codec per event type: its word, how it is written, how it is read ----------------------

template <class Event>
struct Codec;

template <>
struct Codec<SegmentStart> {
  static constexpr std::string_view type = "segment";
  static void write(JsonWriter& json, const SegmentStart& e) {
    json.key("t_ns").value(e.t_ns).key("label").value(e.label).key("pipe_bytes").value(e.pipe_bytes);
    json.key("config").begin_object();
    write_config_members(json, e.config, e.config.pipe_bytes);
    json.end_object();
    write_counters(json, "writer_counters", e.writer_counters);
    write_counters(json, "reader_counters", e.reader_counters);
    write_huge(json, e.huge_pages);
    json.key("paced_by").value(to_string(e.paced_by));
  }
  static SegmentStart read(JsonFields& f) {
    return {f.int64("t_ns"), read_config(f), f.text("label"), read_counters(f, "writer_counters"),
            read_counters(f, "reader_counters"), f.uint64("pipe_bytes"), read_huge(f),
            // recordings before --stdout's dashboard have none: the reader's
            f.member("paced_by") == "writer" ? WorkerRole::writer : WorkerRole::reader};
  }
};

// "counters": [[value, enabled, running], ...], in the order of the worker's counters.
void write_readings(JsonWriter& json, const Sample& s) {
  json.key("counters").begin_array();
  for (std::size_t i = 0; i < s.counter_count && i < kMaxCounters; ++i) {
    const CounterReading& r = s.counters[i];
    json.begin_array().value(r.value).value(r.time_enabled).value(r.time_running).end_array();
  }
  json.end_array();
}

void read_readings(JsonFields& f, Sample& s) {
  const Json& readings = f.member("counters");
  const auto is_reading = [](const Json& v) {
    return v.is_array() && v.size() == 3 && v[0].is_number_unsigned() && v[1].is_number_unsigned() &&
           v[2].is_number_unsigned();
  };
  if (!readings.is_array()) {
    f.fail_member("counters", "is not a list");
    return;
  }
  for (const Json& v : readings) {
    if (s.counter_count == kMaxCounters || !is_reading(v)) {
      f.fail_member("counters", "is not a list of [value, enabled, running] readings");
      return;
    }
    s.counters[s.counter_count++] = {v[0].get<std::uint64_t>(), v[1].get<std::uint64_t>(), v[2].get<std::uint64_t>()};
  }
}

template <>
struct Codec<WorkerSample> {
  static constexpr std::string_view type = "sample";
  static void write(JsonWriter& json, const WorkerSample& e) {
    const Sample& s = e.sample;
    write_role(json, e.role);
    json.key("t_ns").value(s.t_ns).key("bytes").value(s.bytes).key("syscalls").value(s.syscalls);
    json.key("eagain").value(s.eagain).key("spin_ns").value(s.spin_ns).key("pipe_fill").value(s.pipe_fill);
    write_readings(json, s);
  }
  static WorkerSample read(JsonFields& f) {
    WorkerSample e{read_role(f), {}};
    Sample& s = e.sample;
    s.t_ns = f.int64("t_ns");
    s.bytes = f.uint64("bytes");
    s.syscalls = f.uint64("syscalls");
    s.eagain = f.uint64("eagain");
    s.spin_ns = f.uint64("spin_ns");
    s.pipe_fill = f.int64("pipe_fill");
    read_readings(f, s);
    return e;
  }
};

// The user's program's counters: its role, when, the bytes by then, the readings.
template <>
struct Codec<OtherCounts> {
  static constexpr std::string_view type = "other_counts";
  static void write(JsonWriter& json, const OtherCounts& e) {
    write_role(json, e.role);
    json.key("t_ns").value(e.sample.t_ns).key("bytes").value(e.sample.bytes);
    write_readings(json, e.sample);
  }
  static OtherCounts read(JsonFields& f) {
    OtherCounts e{read_role(f), {}};
    e.sample.t_ns = f.int64("t_ns");
    e.sample.bytes = f.uint64("bytes");
    read_readings(f, e.sample);
    return e;
  }
};

template <>
struct Codec<WorkerTimes> {
  static constexpr std::string_view type = "times";
  static void write(JsonWriter& json, const WorkerTimes& e) {
    const ProcessTimes& t = e.times;
    write_role(json, e.role);
    json.key("t_ns").value(t.t_ns).key("run_ns").value(t.run_ns).key("wait_ns").value(t.wait_ns);
    json.key("user_ns").value(t.cpu.user_ns).key("system_ns").value(t.cpu.system_ns);
    json.key("voluntary").value(t.voluntary_switches).key("involuntary").value(t.involuntary_switches);
  }
  static WorkerTimes read(JsonFields& f) {
    return {read_role(f),
            {f.int64("t_ns"),
             f.int64("run_ns"),
             f.int64("wait_ns"),
             {f.int64("user_ns"), f.int64("system_ns")},
             f.uint64("voluntary"),
             f.uint64("involuntary")}};
  }
};

template <>
struct Codec<HugePagesSeen> {
  static constexpr std::string_view type = "huge_pages";
  static void write(JsonWriter& json, const HugePagesSeen& e) {
    json.key("t_ns").value(e.t_ns);
    write_huge(json, e.result);
  }
  static HugePagesSeen read(JsonFields& f) { return {f.int64("t_ns"), read_huge(f)}; }
};

template <>
struct Codec<PairProblem> {
  static constexpr std::string_view type = "problem";
  static void write(JsonWriter& json, const PairProblem& e) {
    json.key("t_ns").value(e.t_ns).key("text").value(e.text);
  }
  static PairProblem read(JsonFields& f) { return {f.int64("t_ns"), f.text("text")}; }
};

template <>
struct Codec<ChangeRefused> {
  static constexpr std::string_view type = "refused";
  static void write(JsonWriter& json, const ChangeRefused& e) {
    json.key("t_ns").value(e.t_ns).key("text").value(e.text).key("config").begin_object();
    write_config_members(json, e.config, e.config.pipe_bytes);
    json.end_object();
  }
  static ChangeRefused read(JsonFields& f) { return {f.int64("t_ns"), read_config(f), f.text("text")}; }
};

template <>
struct Codec<ProfileStarted> {
  static constexpr std::string_view type = "profile_started";
  static void write(JsonWriter& json, const ProfileStarted& e) {
    write_role(json, e.role);
    json.key("t_ns").value(e.t_ns).key("event").value(e.source.event).key("mode").value(to_string(e.source.mode));
    json.key("reason")
        .value(e.source.reason)
        .key("frequency_hz")
        .value(static_cast<std::int64_t>(e.source.frequency_hz));
  }
  static ProfileStarted read(JsonFields& f) {
    ProfileStarted e{f.int64("t_ns"), read_role(f), {f.text("event"), ProfileMode::unavailable, f.text("reason"), 0}};
    const std::string mode = f.text("mode");
    bool known = false;
    for (const ProfileMode m : {ProfileMode::kernel_and_user, ProfileMode::user_only, ProfileMode::unavailable}) {
      if (to_string(m) == mode) {
        e.source.mode = m;
        known = true;
      }
    }
    if (!known) f.fail_member("mode", "is not a profile mode");
    e.source.frequency_hz = static_cast<int>(f.int64("frequency_hz"));
    return e;
  }
};

// A batch as its distinct stacks, each once with its count ([count, [[name, kernel], ...]], leaf
// first): a tick's samples are mostly the same few stacks, so a recording stays small.
template <>
struct Codec<ProfileBatch> {
  static constexpr std::string_view type = "profile";
  static void write(JsonWriter& json, const ProfileBatch& e) {
    write_role(json, e.role);
    json.key("t_ns").value(e.t_ns).key("lost").value(e.lost).key("stacks").begin_array();
    std::map<std::vector<ProfileFrame>, std::uint64_t> counts;
    for (const ProfileSample& sample : e.samples) ++counts[sample.frames];
    for (const auto& [frames, count] : counts) {
      json.begin_array().value(count).begin_array();
      for (const ProfileFrame& frame : frames) json.begin_array().value(frame.name).value(frame.kernel).end_array();
      json.end_array().end_array();
    }
    json.end_array();
  }
  static ProfileBatch read(JsonFields& f) {
    ProfileBatch e{f.int64("t_ns"), read_role(f), {}, f.uint64("lost")};
    const auto is_frame = [](const Json& v) {
      return v.is_array() && v.size() == 2 && v[0].is_string() && v[1].is_boolean();
    };
    const auto is_stack = [&is_frame](const Json& v) {
      return v.is_array() && v.size() == 2 && v[0].is_number_unsigned() && v[1].is_array() && !v[1].empty() &&
             std::all_of(v[1].begin(), v[1].end(), is_frame);
    };
    const Json& stacks = f.member("stacks");
    if (!stacks.is_array() || !std::all_of(stacks.begin(), stacks.end(), is_stack)) {
      f.fail_member("stacks", "is not a list of [count, [[name, kernel], ...]] stacks");
      return e;
    }
    for (const Json& stack : stacks) {
      ProfileSample sample;
      for (const Json& frame : stack[1]) sample.frames.push_back({frame[0].get<std::string>(), frame[1].get<bool>()});
      e.samples.insert(e.samples.end(), stack[0].get<std::uint64_t>(), sample);
    }
    return e;
  }
};

// ---- the dispatch, over every alternative of SessionEvent ------------------------------------

template <std::size_t I = 0>
Result<std::optional<SessionEvent>> read_alternative(std::string_view type, const Json& object) {
  if constexpr (I == std::variant_size_v<SessionEvent>) {
    return std::optional<SessionEvent>{};  // not an event type this version knows
  } else {
    using Event = std::variant_alternative_t<I, SessionEvent>;
    if (type != Codec<Event>::type) return read_alternative<I + 1>(type, object);
    JsonFields fields(object, std::string(type));
    Event event = Codec<Event>::read(fields);
    Result<Event> read = fields.result(std::move(event));
    if (!read) return std::unexpected(read.error());
    return std::optional<SessionEvent>(std::move(*read));
  }
}

template <std::size_t... I>
std::vector<std::string_view> type_words(std::index_sequence<I...>) {
  return {Codec<std::variant_alternative_t<I, SessionEvent>>::type...};
}

}  // namespace

void write_event_json(JsonWriter& json, const SessionEvent& event) {
  std::visit(
      [&json](const auto& e) {
        using Event = std::decay_t<decltype(e)>;
        json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value(Codec<Event>::type);
        Codec<Event>::write(json, e);
        json.end_object();
      },
      event);
}

Result<std::optional<SessionEvent>> read_event_json(const Json& object) {
  const Json* type = find_member(&object, "type");
  if (type == nullptr || !type->is_string()) return std::unexpected(usage_error("an object without a \"type\""));
  return read_alternative(type->get<std::string>(), object);
}

std::vector<std::string_view> event_type_words() {
  return type_words(std::make_index_sequence<std::variant_size_v<SessionEvent>>{});
}

}  // namespace pipetop

#include "pipetop/core/config/run_config_json.hpp"

#include <string>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {
namespace {

Error wrong(std::string_view key, std::string_view expected) {
  return usage_error("config member \"" + std::string(key) + "\" is not " + std::string(expected));
}

// Each member the reader knows, applied to `c`; false when `value` has the wrong type or is out of range.
Result<void> read_member(RunConfig& c, std::string_view key, const Json& value) {
  for (const FlagOption& flag : kFlagOptions) {
    if (key != flag.name) continue;
    if (!value.is_boolean()) return std::unexpected(wrong(key, "true or false"));
    c.*flag.member = value.get<bool>();
    return {};
  }
  if (key == "writer" || key == "reader") {
    if (!value.is_string()) return std::unexpected(wrong(key, "a strategy's name"));
    const std::string name = value.get<std::string>();
    if (key == "writer") {
      Result<WriterKind> kind = parse_writer_kind(name);
      if (!kind) return std::unexpected(kind.error());
      c.writer = *kind;
    } else {
      Result<ReaderKind> kind = parse_reader_kind(name);
      if (!kind) return std::unexpected(kind.error());
      c.reader = *kind;
    }
  } else if (key == "transport") {
    if (!value.is_string()) return std::unexpected(wrong(key, "a transport's name"));
    Result<TransportKind> kind = parse_transport_kind(value.get<std::string>());
    if (!kind) return std::unexpected(kind.error());
    c.transport = *kind;
  } else if (key == "pages") {  // thp is "huge-pages": true as well, none "no-touch": true (ask_*)
    if (!value.is_string()) return std::unexpected(wrong(key, "a page kind's name"));
    Result<PageKind> kind = parse_page_kind(value.get<std::string>());
    if (!kind) return std::unexpected(kind.error());
    ask_page_kind(c, *kind);
  } else if (key == "prefault") {
    if (!value.is_string()) return std::unexpected(wrong(key, "a prefault method's name"));
    Result<Prefault> kind = parse_prefault(value.get<std::string>());
    if (!kind) return std::unexpected(kind.error());
    ask_prefault(c, *kind);
  } else if (key == "buffer-offset") {
    if (value.is_null()) return {};
    if (!value.is_number_unsigned()) return std::unexpected(wrong(key, "a number of bytes"));
    c.buffer_offset = value.get<std::uint64_t>();
  } else if (key == "buffer-size" || key == "pipe-size" || key == "bytes") {
    if (value.is_null() && key != "buffer-size") return {};
    if (!value.is_number_unsigned() || value.get<std::uint64_t>() == 0) {
      return std::unexpected(wrong(key, "a positive number of bytes"));
    }
    (key == "buffer-size" ? c.buffer_bytes
     : key == "pipe-size" ? c.pipe_bytes.emplace()
                          : c.bytes_limit.emplace()) = value.get<std::uint64_t>();
  } else if (key == "writer-cpu" || key == "reader-cpu") {
    const std::int64_t cpu = value.is_number_integer() ? value.get<std::int64_t>() : std::int64_t{kUnpinned} - 1;
    if (cpu < kUnpinned || cpu > 1'000'000) return std::unexpected(wrong(key, "a CPU number or -1"));
    (key == "writer-cpu" ? c.writer_cpu : c.reader_cpu) = static_cast<int>(cpu);
  } else if (key == "interval" || key == "duration") {
    if (!value.is_string()) return std::unexpected(wrong(key, "a duration such as \"10ms\""));
    Result<std::int64_t> ns = parse_duration_ns(value.get<std::string>());
    if (!ns) return std::unexpected(ns.error());
    (key == "interval" ? c.interval_ns : c.duration_ns) = *ns;
  } else if (key == "event") {
    if (!value.is_array()) return std::unexpected(wrong(key, "a list of event names"));
    for (const Json& item : value) {
      if (!item.is_string()) return std::unexpected(wrong(key, "a list of event names"));
      c.events.push_back(item.get<std::string>());
    }
  }
  return {};  // a member this version does not know (pipe_size_asked, a later version's): not ours to refuse
}

}  // namespace

void write_config_members(JsonWriter& json, const RunConfig& c, std::optional<std::uint64_t> pipe_bytes) {
  json.key("writer").value(to_string(c.writer));
  json.key("reader").value(to_string(c.reader));
  json.key("transport").value(to_string(c.transport));
  for (const FlagOption& flag : kFlagOptions) json.key(flag.name).value(c.*flag.member);
  json.key("pages").value(to_string(page_kind(c)));
  json.key("prefault").value(to_string(prefault_of(c)));
  json.key("buffer-size").value(c.buffer_bytes);
  json.key("buffer-offset");  // null: where the seed's allocator puts the bytes (buffer_offset_bytes)
  c.buffer_offset ? json.value(*c.buffer_offset) : json.null();
  json.key("pipe-size");
  pipe_bytes ? json.value(*pipe_bytes) : json.null();
  json.key("writer-cpu").value(c.writer_cpu.value_or(kUnpinned));
  json.key("reader-cpu").value(c.reader_cpu.value_or(kUnpinned));
  json.key("interval").value(format_duration_arg(c.interval_ns));
  json.key("duration").value(format_duration_arg(c.duration_ns));
  json.key("bytes");
  c.bytes_limit ? json.value(*c.bytes_limit) : json.null();
  json.key("event").begin_array();
  for (const std::string& event : c.events) json.value(event);
  json.end_array();
}

Result<RunConfig> read_config_json(const Json& object) {
  if (!object.is_object()) return std::unexpected(usage_error("a configuration is not a JSON object"));
  RunConfig c;
  for (const auto& [key, value] : object.items()) {
    if (Result<void> ok = read_member(c, key, value); !ok) return std::unexpected(ok.error());
  }
  return c;
}

}  // namespace pipetop

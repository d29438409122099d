#include "pipetop/core/export.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pipetop/core/report.hpp"

namespace pipetop {
namespace {

constexpr std::size_t kColumns = 14;

std::string flag(bool on) { return on ? "1" : "0"; }

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> fields;
  while (true) {
    const std::size_t comma = line.find(',');
    fields.push_back(line.substr(0, comma));
    if (comma == std::string_view::npos) break;
    line.remove_prefix(comma + 1);
  }
  return fields;
}

template <class T>
bool number(std::string_view text, T& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && ptr == text.data() + text.size();
}

}  // namespace

std::string seed_csv_row(const RunConfig& c, std::optional<double> gib_per_s, std::uint64_t bytes,
                         bool huge_pages_verified) {
  std::array<char, 32> rate{};
  std::snprintf(rate.data(), rate.size(), "%f", gib_per_s.value_or(0.0));
  const std::uint64_t pipe = requested_pipe_bytes(c).value_or(0);
  return std::string(rate.data()) + "," + std::to_string(bytes) + "," + std::to_string(c.buffer_bytes) + "," +
         std::to_string(pipe) + "," + flag(c.busy_loop) + "," + flag(c.poll) + "," + flag(c.huge_pages) + "," +
         flag(huge_pages_verified) + "," + flag(c.writer == WriterKind::vmsplice) + "," +
         flag(c.reader == ReaderKind::splice) + "," + flag(c.gift) + "," + flag(c.lock_memory) + "," +
         flag(c.no_touch) + "," + flag(c.same_buffer);
}

Result<SeedRow> parse_seed_csv_row(std::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  const std::vector<std::string_view> f = split(line);
  if (f.size() != kColumns) {
    return std::unexpected(usage_error("seed CSV row has " + std::to_string(f.size()) + " columns, not " +
                                       std::to_string(kColumns)));
  }
  SeedRow row;
  std::uint64_t pipe = 0;
  std::array<int, 10> flags{};
  const std::array<std::string_view, 10> flag_names = {"busy_loop", "poll",     "huge_page",   "check_huge_page",
                                                       "write_with_vmsplice", "read_with_splice", "gift",
                                                       "lock_memory", "dont_touch_pages", "same_buffer"};
  const std::string rate(f[0]);
  char* end = nullptr;
  row.gib_per_s = std::strtod(rate.c_str(), &end);
  const bool plain_number = !rate.empty() && std::isdigit(static_cast<unsigned char>(rate[0])) != 0 &&
                            rate.find_first_not_of("0123456789.eE+-") == std::string::npos;  // no hex, nan, inf
  if (!plain_number || end != rate.c_str() + rate.size() || !std::isfinite(row.gib_per_s)) {
    return std::unexpected(usage_error("seed CSV: bad gigabytes_per_second"));
  }
  if (!number(f[1], row.bytes)) return std::unexpected(usage_error("seed CSV: bad bytes_to_pipe"));
  if (!number(f[2], row.config.buffer_bytes)) return std::unexpected(usage_error("seed CSV: bad buf_size"));
  if (!number(f[3], pipe)) return std::unexpected(usage_error("seed CSV: bad pipe_size"));
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (!number(f[4 + i], flags[i]) || flags[i] < 0 || flags[i] > 1) {
      return std::unexpected(usage_error("seed CSV: bad " + std::string(flag_names[i]) + " (0 or 1)"));
    }
  }
  RunConfig& c = row.config;
  c.busy_loop = flags[0] == 1;
  c.poll = flags[1] == 1;
  c.huge_pages = flags[2] == 1;
  row.huge_pages_verified = flags[3] == 1;
  c.writer = flags[4] == 1 ? WriterKind::vmsplice : WriterKind::write;
  c.reader = flags[5] == 1 ? ReaderKind::splice : ReaderKind::read;
  c.gift = flags[6] == 1;
  c.lock_memory = flags[7] == 1;
  c.no_touch = flags[8] == 1;
  c.same_buffer = flags[9] == 1;
  if (pipe != 0 && pipe != requested_pipe_bytes(c).value_or(0)) c.pipe_bytes = pipe;
  return row;
}

void write_machine_json(JsonWriter& json, const MachineFacts& facts) {
  json.begin_array();
  for (const Fact& fact : describe_machine(facts)) {
    json.begin_object().key("name").value(fact.name).key("value").value(fact.value);
    json.key("meaning").value(fact.meaning).end_object();
  }
  json.end_array();
}

std::string snapshot_json(const MachineFacts& facts, const std::vector<Trial>& trials) {
  JsonWriter json;
  json.begin_object().key("machine");
  write_machine_json(json, facts);
  json.key("results").begin_array();
  for (const Trial& trial : trials) {
    json.raw(summary_json(trial.outcome));
  }
  json.end_array().end_object();
  return json.str();
}

}  // namespace pipetop

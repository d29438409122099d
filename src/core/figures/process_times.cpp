#include "pipetop/core/figures/process_times.hpp"

#include <charconv>

namespace pipetop {
namespace {

template <class T>
bool read_number(std::string_view& text, T& out) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (ec != std::errc{}) return false;
  text.remove_prefix(static_cast<std::size_t>(ptr - text.data()));
  return true;
}

// The number after "key:" on its own line of a /proc status text.
std::optional<std::uint64_t> status_field(std::string_view text, std::string_view key) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with(key) || line.size() <= key.size() || line[key.size()] != ':') continue;
    line.remove_prefix(key.size() + 1);
    std::uint64_t value = 0;
    if (read_number(line, value)) return value;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

std::optional<SchedStat> parse_schedstat(std::string_view text) {
  SchedStat s;
  if (!read_number(text, s.run_ns) || !read_number(text, s.wait_ns) || s.run_ns < 0 || s.wait_ns < 0) {
    return std::nullopt;
  }
  return s;
}

std::optional<SwitchCounts> parse_status_switches(std::string_view text) {
  const std::optional<std::uint64_t> voluntary = status_field(text, "voluntary_ctxt_switches");
  const std::optional<std::uint64_t> involuntary = status_field(text, "nonvoluntary_ctxt_switches");
  if (!voluntary || !involuntary) return std::nullopt;
  return SwitchCounts{*voluntary, *involuntary};
}

std::optional<double> cpu_wait_fraction(const ProcessTimes& from, const ProcessTimes& to) {
  if (to.t_ns <= from.t_ns || to.wait_ns < from.wait_ns) return std::nullopt;
  const double fraction = static_cast<double>(to.wait_ns - from.wait_ns) / static_cast<double>(to.t_ns - from.t_ns);
  return fraction > 1 ? 1.0 : fraction;
}

}  // namespace pipetop

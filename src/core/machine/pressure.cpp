#include "pipetop/core/machine/pressure.hpp"

#include <charconv>
#include <cmath>
#include <string>

#include "pipetop/core/machine/text_lines.hpp"

namespace pipetop {
namespace {

// The number after "`key`=" in `line`; nullopt when missing or malformed.
template <class T>
std::optional<T> field(std::string_view line, std::string_view key) {
  const std::size_t at = line.find(" " + std::string(key) + "=");
  if (at == std::string_view::npos) return std::nullopt;
  const char* begin = line.data() + at + key.size() + 2;
  T value{};
  const auto [ptr, ec] = std::from_chars(begin, line.data() + line.size(), value);
  if (ec != std::errc{} || ptr == begin) return std::nullopt;
  return value;
}

std::optional<PressureLine> parse_line(std::string_view line) {
  const std::optional<double> avg10 = field<double>(line, "avg10");
  const std::optional<double> avg60 = field<double>(line, "avg60");
  const std::optional<double> avg300 = field<double>(line, "avg300");
  const std::optional<std::uint64_t> total = field<std::uint64_t>(line, "total");
  if (!avg10 || !avg60 || !avg300 || !total) return std::nullopt;
  for (const double avg : {*avg10, *avg60, *avg300}) {
    if (!std::isfinite(avg) || avg < 0 || avg > 100) return std::nullopt;
  }
  return PressureLine{*avg10, *avg60, *avg300, *total};
}

}  // namespace

std::optional<Pressure> parse_pressure(std::string_view text) {
  std::optional<PressureLine> some;
  std::optional<PressureLine> full;
  for (const std::string_view line : split_lines(text)) {
    if (line.starts_with("some ")) some = parse_line(line);
    if (line.starts_with("full ")) full = parse_line(line);
  }
  if (!some) return std::nullopt;
  return Pressure{*some, full};
}

}  // namespace pipetop

#include "pipetop/core/base/duration.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace pipetop {
namespace {

struct Unit {
  std::string_view name;
  std::int64_t ns;
};

constexpr std::array<Unit, 6> kUnits{
    {{"ns", 1}, {"us", kNsPerUs}, {"ms", kNsPerMs}, {"s", kNsPerS}, {"", kNsPerS}, {"m", 60 * kNsPerS}}};

constexpr double kMaxNs = 365.0 * 24 * 3600 * 1e9;

Error bad_duration(std::string_view text, std::string_view why) {
  return usage_error("invalid duration '" + std::string(text) + "': " + std::string(why),
                     "write a number with a unit: ns, us, ms, s or m (e.g. 10ms, 5s, 1.5s, 2m)");
}

}  // namespace

Result<std::int64_t> parse_duration_ns(std::string_view text) {
  if (text.empty()) return std::unexpected(bad_duration(text, "it is empty"));
  const std::string owned(text);
  char* end = nullptr;
  const double number = std::strtod(owned.c_str(), &end);
  if (end == owned.c_str() || owned.front() == '+' || std::isspace(owned.front()) != 0) {
    return std::unexpected(bad_duration(text, "it does not start with a number"));
  }
  if (!std::isfinite(number)) return std::unexpected(bad_duration(text, "it is not a finite number"));
  const std::string_view unit(end);
  for (const Unit& u : kUnits) {
    if (unit != u.name) continue;
    const double ns = number * static_cast<double>(u.ns);
    if (ns < 1.0) return std::unexpected(bad_duration(text, "it must be greater than zero"));
    if (ns > kMaxNs) return std::unexpected(bad_duration(text, "it is longer than a year"));
    return static_cast<std::int64_t>(std::llround(ns));
  }
  return std::unexpected(bad_duration(text, "unknown unit '" + std::string(unit) + "'"));
}

std::string format_duration_arg(std::int64_t ns) {
  if (ns % kNsPerS == 0) return std::to_string(ns / kNsPerS) + "s";
  if (ns % kNsPerMs == 0) return std::to_string(ns / kNsPerMs) + "ms";
  if (ns % kNsPerUs == 0) return std::to_string(ns / kNsPerUs) + "us";
  return std::to_string(ns) + "ns";
}

}  // namespace pipetop

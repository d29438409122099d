#include "pipetop/core/base/size.hpp"

#include <array>
#include <charconv>
#include <cstdio>
#include <limits>

namespace pipetop {
namespace {

struct Suffix {
  std::string_view short_name;
  std::string_view long_name;
  std::uint64_t multiplier;
};

constexpr std::array<Suffix, 4> kSuffixes{{
    {"", "b", 1},
    {"k", "kib", kKiB},
    {"m", "mib", kMiB},
    {"g", "gib", kGiB},
}};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

Error bad_size(std::string_view text, std::string_view why) {
  return usage_error("invalid size '" + std::string(text) + "': " + std::string(why),
                     "write a whole number of bytes, optionally with K/KiB, M/MiB or G/GiB "
                     "(e.g. 65536, 64K, 2MiB, 1G)");
}

}  // namespace

Result<std::uint64_t> parse_size(std::string_view text) {
  if (text.empty()) return std::unexpected(bad_size(text, "it is empty"));
  std::uint64_t number = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, number);
  if (end == first) return std::unexpected(bad_size(text, "it does not start with a number"));
  if (ec == std::errc::result_out_of_range) return std::unexpected(bad_size(text, "it is too large"));
  const std::string suffix = lower(std::string_view(end, static_cast<std::size_t>(last - end)));
  if (!suffix.empty() && suffix.front() == '.') {
    return std::unexpected(bad_size(text, "fractions are not accepted"));
  }
  for (const Suffix& s : kSuffixes) {
    if (suffix != s.short_name && suffix != s.long_name) continue;
    if (number == 0) return std::unexpected(bad_size(text, "it must be greater than zero"));
    if (number > (std::uint64_t{1} << 63) / s.multiplier) {
      return std::unexpected(bad_size(text, "it is too large"));
    }
    return number * s.multiplier;
  }
  return std::unexpected(bad_size(text, "unknown unit '" + std::string(end, last) + "'"));
}

std::string format_size(std::uint64_t bytes) {
  constexpr std::array<std::pair<std::uint64_t, const char*>, 3> units{{{kGiB, "GiB"}, {kMiB, "MiB"}, {kKiB, "KiB"}}};
  for (const auto& [unit, name] : units) {
    // 1023.96 KiB would print as "1024.0 KiB": such values belong to the next unit up.
    if (bytes < unit - unit / 2048) continue;
    if (bytes % unit == 0) return std::to_string(bytes / unit) + " " + name;
    std::array<char, 32> buf{};
    std::snprintf(buf.data(), buf.size(), "%.1f %s", static_cast<double>(bytes) / static_cast<double>(unit), name);
    return buf.data();
  }
  return std::to_string(bytes) + " B";
}

std::string format_size_exact(std::uint64_t bytes) {
  for (const std::uint64_t unit : {kGiB, kMiB, kKiB}) {
    if (bytes >= unit && bytes % unit == 0) return format_size(bytes);
  }
  return std::to_string(bytes) + " B";
}

std::string format_size_arg(std::uint64_t bytes) {
  constexpr std::array<std::pair<std::uint64_t, const char*>, 3> units{{{kGiB, "GiB"}, {kMiB, "MiB"}, {kKiB, "KiB"}}};
  for (const auto& [unit, name] : units) {
    if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + name;
  }
  return std::to_string(bytes);
}

}  // namespace pipetop

#include "pipetop/core/machine/proc_stat.hpp"

#include <charconv>

namespace pipetop {

std::optional<CpuTime> parse_proc_stat_cpu(std::string_view text, long ticks_per_second) {
  const std::size_t close = text.rfind(')');
  if (close == std::string_view::npos || ticks_per_second <= 0) return std::nullopt;
  std::string_view rest = text.substr(close + 1);
  // After ')': field 3 (state) is the first; utime is field 14, stime field 15.
  long long values[2] = {0, 0};
  for (int field = 3; field <= 15; ++field) {
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    if (end == 0) return std::nullopt;
    if (field >= 14) {
      const auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + end, values[field - 14]);
      if (ec != std::errc{}) return std::nullopt;
    }
    rest.remove_prefix(end);
  }
  const long long ns_per_tick = 1'000'000'000LL / ticks_per_second;
  return CpuTime{values[0] * ns_per_tick, values[1] * ns_per_tick};
}

}  // namespace pipetop

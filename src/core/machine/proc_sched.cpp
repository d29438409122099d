#include "pipetop/core/machine/proc_sched.hpp"

#include <algorithm>
#include <charconv>

namespace pipetop {

// No allocation: a worker reads its own /proc/self/sched at every sample.
std::optional<std::uint64_t> proc_sched_count(std::string_view sched, std::string_view key) {
  for (std::size_t at = 0; at < sched.size();) {
    const std::size_t end = std::min(sched.find('\n', at), sched.size());
    std::string_view line = sched.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with(key)) continue;
    line.remove_prefix(key.size());
    const std::size_t colon = line.find_first_not_of(' ');
    if (colon == std::string_view::npos || line[colon] != ':') continue;  // a longer key that starts alike
    line.remove_prefix(colon + 1);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    std::uint64_t value = 0;
    const auto [last, error] = std::from_chars(line.data(), line.data() + line.size(), value);
    if (error != std::errc{} || last != line.data() + line.size() || line.empty()) return std::nullopt;
    return value;
  }
  return std::nullopt;
}

}  // namespace pipetop

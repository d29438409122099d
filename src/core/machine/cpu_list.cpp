#include "pipetop/core/machine/cpu_list.hpp"

#include <algorithm>
#include <charconv>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {
namespace {

constexpr int kMaxCpu = 1 << 16;

bool parse_int(std::string_view text, int& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc{} && ptr == end && out >= 0 && out < kMaxCpu;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  return text;
}

}  // namespace

Result<std::vector<int>> parse_cpu_list(std::string_view text) {
  std::vector<int> cpus;
  std::string_view rest = trim(text);
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const bool trailing_comma = comma == rest.size() - 1;
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const std::size_t dash = item.find('-');
    int first = 0;
    int last = 0;
    const bool ok = dash == std::string_view::npos
                        ? parse_int(item, first) && parse_int(item, last)
                        : parse_int(item.substr(0, dash), first) && parse_int(item.substr(dash + 1), last);
    if (!ok || last < first || trailing_comma) {
      return std::unexpected(runtime_error("malformed CPU list '" + std::string(text) + "'"));
    }
    for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += "-" + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

std::string cpu_pair_text(const CpuPair& cpus) {
  const auto one = [](int cpu) { return cpu == kUnpinned ? std::string("any") : std::to_string(cpu); };
  return "cpu " + one(cpus.writer) + "→" + one(cpus.reader);
}

}  // namespace pipetop

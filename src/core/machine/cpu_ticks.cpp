#include "pipetop/core/machine/cpu_ticks.hpp"

#include <charconv>

#include "pipetop/core/machine/text_lines.hpp"

namespace pipetop {
namespace {

constexpr std::size_t kFieldsRead = 8;  // user nice system idle iowait irq softirq steal

// The ticks after a cpu line's name; nullopt with fewer than kFieldsRead numbers.
std::optional<CpuTicks> parse_fields(std::string_view rest) {
  std::uint64_t values[kFieldsRead] = {};
  for (std::uint64_t& value : values) {
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
    if (ec != std::errc{}) return std::nullopt;
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
  }
  return CpuTicks{values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7]};
}

// The ticks of `cpus` (every CPU when empty) added up; nullopt when one is not listed.
std::optional<CpuTicks> sum(const CpuTickTable& table, std::span<const int> cpus) {
  if (cpus.empty()) return table.all;
  CpuTicks total;
  for (const int cpu : cpus) {
    const CpuTicks* t = table.cpu(cpu);
    if (t == nullptr) return std::nullopt;
    total = {total.user + t->user,     total.nice + t->nice, total.system + t->system,   total.idle + t->idle,
             total.iowait + t->iowait, total.irq + t->irq,   total.softirq + t->softirq, total.steal + t->steal};
  }
  return total;
}

}  // namespace

const CpuTicks* CpuTickTable::cpu(int wanted) const {
  for (const auto& [number, ticks] : cpus) {
    if (number == wanted) return &ticks;
  }
  return nullptr;
}

Result<CpuTickTable> parse_cpu_ticks(std::string_view proc_stat) {
  CpuTickTable table;
  bool seen_all = false;
  for (const std::string_view line : split_lines(proc_stat)) {
    if (!line.starts_with("cpu")) continue;
    const std::size_t space = line.find(' ');
    const std::string_view name = line.substr(3, space == std::string_view::npos ? line.size() - 3 : space - 3);
    const std::optional<CpuTicks> ticks =
        parse_fields(space == std::string_view::npos ? std::string_view{} : line.substr(space));
    int number = -1;
    const bool all = name.empty();
    if (!ticks || (!all && std::from_chars(name.data(), name.data() + name.size(), number).ec != std::errc{})) {
      return std::unexpected(runtime_error("/proc/stat: cannot read the line '" + std::string(line) + "'",
                                           "each cpu line holds at least 8 tick counts"));
    }
    if (all) {
      table.all = *ticks;
      seen_all = true;
    } else {
      table.cpus.emplace_back(number, *ticks);
    }
  }
  if (!seen_all) return std::unexpected(runtime_error("/proc/stat has no \"cpu\" line"));
  return table;
}

std::optional<double> steal_fraction(const CpuTickTable& before, const CpuTickTable& after, std::span<const int> cpus) {
  const std::optional<CpuTicks> from = sum(before, cpus);
  const std::optional<CpuTicks> to = sum(after, cpus);
  if (!from || !to || to->total() <= from->total() || to->steal < from->steal) return std::nullopt;
  return static_cast<double>(to->steal - from->steal) / static_cast<double>(to->total() - from->total());
}

}  // namespace pipetop

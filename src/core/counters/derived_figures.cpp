#include "pipetop/core/counters/derived_figures.hpp"

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

std::optional<double> ratio(std::optional<double> numerator, std::optional<double> denominator) {
  if (!numerator || !denominator || *denominator <= 0) return std::nullopt;
  return *numerator / *denominator;
}

}  // namespace

std::optional<double> counter_delta(const std::vector<CounterInfo>& layout, std::string_view name, const Sample& from,
                                    const Sample& to) {
  for (std::size_t i = 0; i < layout.size() && i < to.counter_count && i < from.counter_count; ++i) {
    if (layout[i].name != name) continue;
    if (layout[i].state == CounterState::unavailable) return std::nullopt;
    return scaled_delta(from.counters[i], to.counters[i]);
  }
  return std::nullopt;
}

DerivedFigures derive_figures(const std::vector<CounterInfo>& layout, const Sample& from, const Sample& to) {
  DerivedFigures f;
  if (to.t_ns <= from.t_ns || to.bytes < from.bytes) return f;
  const double seconds = static_cast<double>(to.t_ns - from.t_ns) / 1e9;
  const auto bytes = static_cast<double>(to.bytes - from.bytes);
  const std::optional<double> moved = bytes > 0 ? std::optional<double>(bytes) : std::nullopt;
  const auto in_units = [&moved](std::uint64_t unit) -> std::optional<double> {
    if (!moved) return std::nullopt;
    return *moved / static_cast<double>(unit);
  };
  const auto delta = [&](std::string_view name) { return counter_delta(layout, name, from, to); };

  const std::optional<double> cycles = delta("cycles");
  const std::optional<double> instructions = delta("instructions");
  const std::optional<double> switches = delta("context-switches");
  f.ipc = ratio(instructions, cycles);
  f.cycles_per_kib = ratio(cycles, in_units(kKiB));
  f.instructions_per_kib = ratio(instructions, in_units(kKiB));
  f.dtlb_misses_per_mib = ratio(delta("dTLB-load-misses"), in_units(kMiB));
  f.itlb_misses_per_mib = ratio(delta("iTLB-load-misses"), in_units(kMiB));
  f.page_faults_per_gib = ratio(delta("page-faults"), in_units(kGiB));
  f.context_switches_per_s = ratio(switches, seconds);
  f.context_switches_per_gib = ratio(switches, in_units(kGiB));
  if (const std::optional<double> task_ns = delta("task-clock")) f.cpu_utilisation = *task_ns / 1e9 / seconds;
  return f;
}

}  // namespace pipetop

#pragma once
// Figures that explain the ladder's jumps, from the deltas of one interval (never running averages):
// fewer copies (instructions/KiB), fewer page-table walks (dTLB misses/MiB), no sleeping (context
// switches/s), no page allocation (page faults/GiB). Each is absent when an input is unavailable,
// did not run, or the interval moved no bytes.

#include <optional>
#include <string_view>
#include <vector>

#include "pipetop/core/counter_info.hpp"
#include "pipetop/core/sample.hpp"

namespace pipetop {

struct DerivedFigures {
  std::optional<double> ipc;
  std::optional<double> cycles_per_kib;
  std::optional<double> instructions_per_kib;
  std::optional<double> dtlb_misses_per_mib;
  std::optional<double> itlb_misses_per_mib;
  std::optional<double> page_faults_per_gib;
  std::optional<double> context_switches_per_s;
  std::optional<double> context_switches_per_gib;
  std::optional<double> cpu_utilisation;  // task-clock / wall time, 1.0 = one full CPU
};

// `layout` names the counters of both samples, in sample order.
[[nodiscard]] DerivedFigures derive_figures(const std::vector<CounterInfo>& layout, const Sample& from,
                                            const Sample& to);

// The interval's scaled count of the counter named `name`, if present and counted.
[[nodiscard]] std::optional<double> counter_delta(const std::vector<CounterInfo>& layout, std::string_view name,
                                                  const Sample& from, const Sample& to);

}  // namespace pipetop

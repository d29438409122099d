#pragma once
// Figures that explain the ladder's jumps, from the deltas of one interval (never running averages):
// fewer copies (instructions/KiB), fewer page-table walks (dTLB misses/MiB), no sleeping (context
// switches/s), no page allocation (page faults/GiB). Each is absent when an input is unavailable,
// did not run, or the interval moved no bytes.

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/figures/sample.hpp"

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

// One table of the derived figures, so every report names and rounds them alike, and the dashboard's
// counters panel takes its rows (and the layout its height) from it.
struct DerivedField {
  std::string_view key;    // JSON key
  std::string_view label;  // for people
  int decimals;
  std::optional<double> DerivedFigures::*member;
  std::array<std::string_view, 2> inputs;  // the counters it is computed from ("" when one is enough)
  bool in_panel;                           // a row of the dashboard's counters panel
};

inline constexpr std::array<DerivedField, 9> kDerivedFields{{
    {"ipc", "IPC", 2, &DerivedFigures::ipc, {"cycles", "instructions"}, true},
    {"cycles_per_kib", "cycles/KiB", 0, &DerivedFigures::cycles_per_kib, {"cycles", ""}, true},
    {"instructions_per_kib", "instructions/KiB", 0, &DerivedFigures::instructions_per_kib, {"instructions", ""}, true},
    {"dtlb_misses_per_mib", "dTLB misses/MiB", 1, &DerivedFigures::dtlb_misses_per_mib, {"dTLB-load-misses", ""}, true},
    {"itlb_misses_per_mib",
     "iTLB misses/MiB",
     1,
     &DerivedFigures::itlb_misses_per_mib,
     {"iTLB-load-misses", ""},
     false},
    {"page_faults_per_gib", "page faults/GiB", 1, &DerivedFigures::page_faults_per_gib, {"page-faults", ""}, true},
    {"context_switches_per_s",
     "context switches/s",
     0,
     &DerivedFigures::context_switches_per_s,
     {"context-switches", ""},
     true},
    {"context_switches_per_gib",
     "context switches/GiB",
     1,
     &DerivedFigures::context_switches_per_gib,
     {"context-switches", ""},
     false},
    {"cpu_utilisation", "CPUs utilised", 2, &DerivedFigures::cpu_utilisation, {"task-clock", ""}, true},
}};

// The derived figures the counters panel shows, one row each.
inline constexpr int kPanelFigureRows = [] {
  int rows = 0;
  for (const DerivedField& field : kDerivedFields) rows += field.in_panel ? 1 : 0;
  return rows;
}();

// `layout` names the counters of both samples, in sample order.
[[nodiscard]] DerivedFigures derive_figures(const std::vector<CounterInfo>& layout, const Sample& from,
                                            const Sample& to);

// The interval's scaled count of the counter named `name`, if present and counted.
[[nodiscard]] std::optional<double> counter_delta(const std::vector<CounterInfo>& layout, std::string_view name,
                                                  const Sample& from, const Sample& to);

}  // namespace pipetop

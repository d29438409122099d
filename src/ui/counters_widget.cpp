#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "pipetop/core/number_format.hpp"
#include "pipetop/core/run_summary.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kLabelWidth = 20;

struct Row {
  std::string_view label;
  std::optional<double> DerivedFigures::*member;  // null for the CPU row
  std::string_view counter;                      // the counters whose state explains a missing value
  std::string_view other_counter;                // (a second input, for ratios), or ""
  int decimals;
};

constexpr std::array<Row, 8> kRows{{
    {"IPC", &DerivedFigures::ipc, "cycles", "instructions", 2},
    {"cycles/KiB", &DerivedFigures::cycles_per_kib, "cycles", "", 0},
    {"instructions/KiB", &DerivedFigures::instructions_per_kib, "instructions", "", 0},
    {"dTLB misses/MiB", &DerivedFigures::dtlb_misses_per_mib, "dTLB-load-misses", "", 1},
    {"page faults/GiB", &DerivedFigures::page_faults_per_gib, "page-faults", "", 1},
    {"context switches/s", &DerivedFigures::context_switches_per_s, "context-switches", "", 0},
    {"CPU user / sys", nullptr, "", "", 0},
    {"CPUs utilised", &DerivedFigures::cpu_utilisation, "task-clock", "", 2},
}};

std::string value_text(double v, int decimals) { return v >= 100000 ? format_count(v) : format_fixed(v, decimals); }

// "n/a: no PMU" style words for a row whose counters do not count, or "—" when they count but this
// interval gave nothing to divide.
std::string missing(const std::vector<CounterInfo>& counters, const Row& row, bool off) {
  if (off) return "off";
  for (const CounterInfo& c : counters) {
    if ((c.name != row.counter && c.name != row.other_counter) || c.state != CounterState::unavailable) continue;
    if (c.reason.starts_with("no hardware PMU")) return "n/a: no PMU";
    if (c.reason.starts_with("denied")) return "n/a: denied";
    if (c.reason.starts_with("counters busy")) return "n/a: busy";
    return "n/a";
  }
  return "—";
}

// The running fraction of counter `name` in the latest figures, when it was multiplexed.
std::optional<double> scaled_fraction(const std::vector<CounterInfo>& counters, const std::deque<FigurePoint>& points,
                                      std::string_view name) {
  if (points.empty()) return std::nullopt;
  for (std::size_t i = 0; i < counters.size() && i < kMaxCounters; ++i) {
    if (counters[i].name != name) continue;
    const std::optional<double> fraction = points.back().running[i];
    if (fraction && *fraction < 0.99) return fraction;
  }
  return std::nullopt;
}

bool user_only(const std::vector<CounterInfo>& counters, std::string_view name) {
  return std::any_of(counters.begin(), counters.end(),
                     [&](const CounterInfo& c) { return c.name == name && c.state == CounterState::user_only; });
}

std::string sparkline(const std::deque<FigurePoint>& points, std::optional<double> DerivedFigures::*member, int width,
                      bool unicode) {
  // Six of the eight block heights: the top of each cell stays empty, so stacked rows stay apart.
  static constexpr std::array<std::string_view, 6> kBars{"▁", "▂", "▃", "▄", "▅", "▆"};
  const std::size_t n = std::min(points.size(), static_cast<std::size_t>(std::max(width, 0)));
  // From zero to the highest value: a steady figure is a steady row, a 1% wobble stays small.
  std::optional<double> hi;
  for (std::size_t i = points.size() - n; i < points.size(); ++i) {
    if (const std::optional<double> v = points[i].figures.*member) hi = std::max(hi.value_or(*v), *v);
  }
  std::string out;
  for (std::size_t i = points.size() - n; i < points.size(); ++i) {
    const std::optional<double> v = points[i].figures.*member;
    if (!v || !hi) {
      out += ' ';
      continue;
    }
    const double fraction = *hi > 0 ? std::max(*v, 0.0) / *hi : 0.0;
    const auto level = static_cast<std::size_t>(std::clamp(std::lround(fraction * 5), 0L, 5L));
    out += unicode ? std::string(kBars[level]) : std::string(1, "_.-=+#"[level]);
  }
  return out;
}

void draw_cell(Canvas& canvas, int x, int y, int w, const Row& row, const DashboardModel& m, WorkerRole role) {
  const std::deque<FigurePoint>& points = m.history.figures(role);
  const std::vector<CounterInfo>& counters = m.history.counters(role);
  const int value_w = std::min(w, 13);
  std::string text;
  Style style{Color::normal, true, false};
  if (row.member == nullptr) {
    const WorkerCpuUse& cpu = role == WorkerRole::writer ? m.writer_cpu : m.reader_cpu;
    text = cpu.user_percent && cpu.system_percent
               ? format_fixed(cpu.user_percent, 0) + "% / " + format_fixed(cpu.system_percent, 0) + "%"
               : "—";
  } else {
    const std::optional<double> v = points.empty() ? std::nullopt : points.back().figures.*row.member;
    if (v) {
      text = value_text(*v, row.decimals);
      if (user_only(counters, row.counter)) text += " u";
    } else {
      text = missing(counters, row, m.state.config.no_counters);
      style = {Color::dim, false, false};
    }
  }
  draw_clipped(canvas, x + std::max(0, value_w - text_width(text)), y, text, value_w, style);
  const int spark_w = w - value_w - 2;
  if (const std::optional<double> fraction = scaled_fraction(counters, points, row.counter)) {
    const std::string percent = format_fixed(*fraction * 100, 0) + "%";
    const int room = w - value_w - 1;
    draw_clipped(canvas, x + value_w + 1, y, room >= 11 ? "scaled " + percent : percent, room, {Color::warn});
  } else if (row.member != nullptr && spark_w >= 8 && !points.empty()) {
    canvas.text(x + value_w + 2, y, sparkline(points, row.member, spark_w, canvas.unicode()), {Color::chart});
  }
}

}  // namespace

void draw_counters(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  const int column_w = (a.w - kLabelWidth - 2) / 2;
  const int writer_x = a.x + kLabelWidth + 1;
  const int reader_x = writer_x + column_w + 1;
  const Style heading{Color::title, true, false};
  canvas.text(a.x + 1, a.y, "counters", heading);
  canvas.text(writer_x + std::max(0, std::min(column_w, 13) - 6), a.y, "writer", heading);
  canvas.text(reader_x + std::max(0, std::min(column_w, 13) - 6), a.y, "reader", heading);
  for (std::size_t i = 0; i < kRows.size() && static_cast<int>(i) + 1 < a.h; ++i) {
    const int y = a.y + 1 + static_cast<int>(i);
    canvas.text(a.x + 1, y, kRows[i].label, {Color::dim});
    draw_cell(canvas, writer_x, y, column_w, kRows[i], m, WorkerRole::writer);
    draw_cell(canvas, reader_x, y, column_w, kRows[i], m, WorkerRole::reader);
  }
}

}  // namespace pipetop

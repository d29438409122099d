#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kLabelWidth = 20;
constexpr int kValueWidth = 13;
constexpr std::string_view kCpuRowLabel = "CPU user / sys";  // from /proc, after the derived figures

std::string value_text(double v, int decimals) {
  return v >= 100000 ? format_count(v) : format_fixed(v, decimals);
}

// "n/a: no PMU" style words for a figure whose input counters do not count, or "—" when they count but
// this interval gave nothing to divide.
std::string missing(const std::vector<CounterInfo>& counters, const DerivedField& field, bool off) {
  if (off) return "off";
  for (const CounterInfo& c : counters) {
    const bool input = c.name == field.inputs[0] || (!field.inputs[1].empty() && c.name == field.inputs[1]);
    if (!input || c.state != CounterState::unavailable) continue;
    const std::string_view words = short_words(c.problem);
    return words == "n/a" ? std::string(words) : "n/a: " + std::string(words);
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

// The value right-aligned in the cell's first 13 columns.
void draw_value(Canvas& canvas, int x, int y, int w, const std::string& text, Style style) {
  const int value_w = std::min(w, kValueWidth);
  draw_clipped(canvas, x + std::max(0, value_w - text_width(text)), y, text, value_w, style);
}

void draw_figure(Canvas& canvas, int x, int y, int w, const DerivedField& field, const DashboardModel& m,
                 WorkerRole role) {
  const std::deque<FigurePoint>& points = m.history.figures(role);
  const std::vector<CounterInfo>& counters = m.history.counters(role);
  const std::optional<double> v = points.empty() ? std::nullopt : points.back().figures.*field.member;
  if (v) {
    draw_value(canvas, x, y, w, value_text(*v, field.decimals) + (user_only(counters, field.inputs[0]) ? " u" : ""),
               {Color::normal, true, false});
  } else {
    draw_value(canvas, x, y, w, missing(counters, field, m.state.config.no_counters), {Color::dim, false, false});
  }
  const int value_w = std::min(w, kValueWidth);
  const int spark_w = w - value_w - 2;
  if (const std::optional<double> fraction = scaled_fraction(counters, points, field.inputs[0])) {
    const std::string percent = format_fixed(*fraction * 100, 0) + "%";
    const int room = w - value_w - 1;
    draw_clipped(canvas, x + value_w + 1, y, room >= 11 ? "scaled " + percent : percent, room, {Color::warn});
  } else if (spark_w >= 8 && !points.empty()) {
    canvas.text(x + value_w + 2, y, sparkline(points, field.member, spark_w, canvas.unicode()), {Color::chart});
  }
}

void draw_cpu(Canvas& canvas, int x, int y, int w, const WorkerTimeUse& cpu) {
  draw_value(canvas, x, y, w,
             cpu.user_percent && cpu.system_percent
                 ? format_fixed(cpu.user_percent, 0) + "% / " + format_fixed(cpu.system_percent, 0) + "%"
                 : "—",
             {Color::normal, true, false});
}

// "writer", or with the user's program at one end "writer (theirs)" and "reader (pipetop)".
std::string column_heading(WorkerRole role, const DashboardModel& m) {
  std::string words = role_heading(role, m);
  if (m.state.ends == EndsKind::own_pair) return words;
  const bool we_read = m.state.ends != EndsKind::stdout_writer;
  const bool ours = (role == WorkerRole::reader) == we_read;
  return words + (ours ? " (pipetop)" : " (theirs)");
}

}  // namespace

void draw_counters(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  const int column_w = (a.w - kLabelWidth - 2) / 2;
  const int writer_x = a.x + kLabelWidth + 1;
  const int reader_x = writer_x + column_w + 1;
  const Style heading{Color::title, true, false};
  canvas.text(a.x + 1, a.y, "counters", heading);
  for (const auto& [role, x] : {std::pair{WorkerRole::writer, writer_x}, std::pair{WorkerRole::reader, reader_x}}) {
    const std::string words = column_heading(role, m);
    canvas.text(x + std::max(0, std::min(column_w, kValueWidth) - text_width(words)), a.y, words, heading);
  }
  int y = a.y + 1;
  for (const DerivedField& field : kDerivedFields) {
    if (!field.in_panel || y >= a.y + a.h) continue;
    canvas.text(a.x + 1, y, field.label, {Color::dim});
    draw_figure(canvas, writer_x, y, column_w, field, m, WorkerRole::writer);
    draw_figure(canvas, reader_x, y, column_w, field, m, WorkerRole::reader);
    ++y;
  }
  if (y < a.y + a.h) {
    canvas.text(a.x + 1, y, kCpuRowLabel, {Color::dim});
    draw_cpu(canvas, writer_x, y, column_w, m.history.time_use(WorkerRole::writer));
    draw_cpu(canvas, reader_x, y, column_w, m.history.time_use(WorkerRole::reader));
  }
}

}  // namespace pipetop

#include <algorithm>
#include <cmath>
#include <string>

#include "pipetop/core/chart_math.hpp"
#include "pipetop/core/dot_grid.hpp"
#include "pipetop/core/number_format.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kAxisWidth = 7;

int row_of(double position, int rows) {
  return static_cast<int>(std::lround((1.0 - position) * (rows - 1)));
}

void draw_axis(Canvas& canvas, const Rect& plot, const YScale& scale) {
  const bool unicode = canvas.unicode();
  for (int r = 0; r < plot.h; ++r) canvas.text(plot.x - 1, plot.y + r, unicode ? "│" : "|", {Color::dim});
  for (const Tick& tick : scale_ticks(scale, std::max(2, plot.h / 3 + 1))) {
    const int r = row_of(scale_position(scale, tick.value), plot.h);
    const std::string label = tick.label.substr(0, static_cast<std::size_t>(kAxisWidth - 1));
    canvas.text(plot.x - 1 - text_width(label), plot.y + r, label, {Color::dim});
    canvas.text(plot.x - 1, plot.y + r, unicode ? "┤" : "+", {Color::dim});
  }
}

void draw_time_axis(Canvas& canvas, const Rect& plot, std::int64_t window_ns) {
  const int seconds = static_cast<int>(window_ns / 1'000'000'000);
  const int step = plot.w >= 60 ? 10 : plot.w >= 30 ? 20 : 30;
  for (int s = seconds; s > 0; s -= step) {
    const int x = plot.x + static_cast<int>(std::lround((1.0 - static_cast<double>(s) / seconds) * (plot.w - 1)));
    const std::string label = "-" + std::to_string(s) + "s";
    if (x + text_width(label) < plot.x + plot.w - 4) canvas.text(x, plot.y + plot.h, label, {Color::dim});
  }
  canvas.text(plot.x + plot.w - 3, plot.y + plot.h, "now", {Color::dim});
}

// Markers at configuration changes in view: a dotted line and its label along the top row.
void draw_markers(Canvas& canvas, const Rect& plot, const DashboardModel& m, std::int64_t t0) {
  std::vector<int> marker_x;
  std::vector<std::string> labels;
  std::vector<int> widths;
  const std::vector<Segment>& segments = m.history.segments();
  for (std::size_t i = 1; i < segments.size(); ++i) {  // the first segment is the start: no marker
    const Segment& segment = segments[i];
    if (segment.start_ns <= t0 || segment.start_ns > m.now_ns) continue;
    const double fraction = static_cast<double>(segment.start_ns - t0) / static_cast<double>(m.window_ns);
    marker_x.push_back(std::clamp(static_cast<int>(fraction * plot.w), 0, plot.w - 1));
    labels.push_back(canvas.unicode() ? segment.label : to_ascii(segment.label));
    widths.push_back(text_width(labels.back()));
  }
  const std::vector<std::optional<LabelSpan>> spans = place_labels(marker_x, widths, plot.w);
  for (std::size_t i = 0; i < marker_x.size(); ++i) {
    const int x = plot.x + marker_x[i];
    for (int r = 0; r < plot.h; ++r) canvas.text(x, plot.y + r, canvas.unicode() ? "┊" : ":", {Color::marker});
    if (spans[i]) {
      draw_clipped(canvas, plot.x + spans[i]->x, plot.y - 1, labels[i], spans[i]->cells, {Color::marker, true, false});
    }
  }
}

// The baseline: a dimmed dashed line at its mean across the plot, labelled at the right, under the trace.
void draw_baseline(Canvas& canvas, const Rect& plot, const YScale& scale, const Baseline& baseline) {
  const int row = row_of(scale_position(scale, baseline.gib_per_s), plot.h);
  for (int x = 0; x < plot.w; ++x) canvas.text(plot.x + x, plot.y + row, canvas.unicode() ? "┄" : "-", {Color::dim});
  const std::string label = " base " + format_fixed(baseline.gib_per_s, baseline.gib_per_s < 10 ? 2 : 1) + " ";
  const int w = text_width(label);
  if (w + 2 < plot.w) canvas.text(plot.x + plot.w - w - 1, plot.y + row, label, {Color::dim, true, false});
}

}  // namespace

void draw_chart(Canvas& canvas, const Rect& area, const DashboardModel& m) {
  if (area.w < kAxisWidth + 4 || area.h < 4) return;
  // Row 0: the unit and the markers' labels; then the plot; the last row: the time axis.
  const Rect plot{area.x + kAxisWidth, area.y + 1, area.w - kAxisWidth - 1, area.h - 2};
  const std::int64_t t0 = m.now_ns - m.window_ns;
  DotGrid grid(plot.w, plot.h);
  const std::vector<Envelope> columns = column_envelopes(m.history.rates(), t0, m.now_ns, grid.dot_columns());
  const YScale scale = envelope_scale(columns, m.state.log_scale, m.state.y_max);
  // The envelope (lowest to highest 10 ms rate) dim, the column's mean bright: short dips stay visible
  // without a noisy column reading as its peak.
  DotGrid means(plot.w, plot.h);
  for (int x = 0; x < grid.dot_columns(); ++x) {
    const Envelope& e = columns[static_cast<std::size_t>(x)];
    if (!e.present) continue;
    grid.vertical(x, row_of(scale_position(scale, e.hi), grid.dot_rows()),
                  row_of(scale_position(scale, e.lo), grid.dot_rows()));
    means.set(x, row_of(scale_position(scale, e.mean), grid.dot_rows()));
  }
  draw_axis(canvas, plot, scale);
  canvas.text(area.x, area.y, m.state.log_scale ? "GiB/s log" : "GiB/s", {Color::dim, true, false});
  draw_time_axis(canvas, plot, m.window_ns);
  draw_markers(canvas, plot, m, t0);
  if (m.baseline != nullptr) draw_baseline(canvas, plot, scale, *m.baseline);
  for (int cy = 0; cy < plot.h; ++cy) {
    for (int cx = 0; cx < plot.w; ++cx) {
      if (grid.empty(cx, cy)) continue;
      const bool mean_here = !means.empty(cx, cy);
      canvas.text(plot.x + cx, plot.y + cy, grid.glyph(cx, cy, canvas.unicode()),
                  mean_here ? Style{Color::chart, true, false} : Style{Color::chart_dim});
    }
  }
  if (std::ranges::none_of(columns, &Envelope::present)) {
    const std::string waiting = "waiting for samples…";
    canvas.text(plot.x + std::max(0, (plot.w - text_width(waiting)) / 2), plot.y + plot.h / 2,
                canvas.unicode() ? waiting : "waiting for samples...", {Color::dim});
  }
}

}  // namespace pipetop

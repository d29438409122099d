#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/screen/chart_columns.hpp"
#include "pipetop/core/screen/chart_math.hpp"
#include "pipetop/core/screen/dot_grid.hpp"
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

// The A/B side that ran last in [from_ns, to_ns), when one did: the column of the chart it shades.
std::optional<std::size_t> side_in(const std::vector<SideSpan>& sides, std::int64_t from_ns, std::int64_t to_ns,
                                   std::int64_t now_ns) {
  for (auto span = sides.rbegin(); span != sides.rend(); ++span) {
    const std::int64_t end_ns = span->end_ns != 0 ? span->end_ns : now_ns;
    if (span->start_ns < to_ns && end_ns >= from_ns) return span->arm;
  }
  return std::nullopt;
}

// A segment that is one of an A/B's slices, this race's or an earlier one's: it gets no marker (the
// sides' band says what ran).
bool ab_slice(const DashboardModel& m, const Segment& segment) {
  return std::ranges::any_of(m.sides, [&](const SideSpan& s) { return s.start_ns == segment.start_ns; });
}

// Each plot column's A/B side (none where no A/B ran).
std::vector<std::optional<std::size_t>> column_sides(const Rect& plot, const DashboardModel& m, const ChartSpan& span) {
  std::vector<std::optional<std::size_t>> sides(static_cast<std::size_t>(plot.w));
  if (m.sides.empty()) return sides;
  for (int cx = 0; cx < plot.w; ++cx) {
    const auto at = [&](int x) { return span.t0_ns + span.span_ns() * x / plot.w; };
    sides[static_cast<std::size_t>(cx)] = side_in(m.sides, at(cx), at(cx + 1), m.now_ns);
  }
  return sides;
}

// Along the top row, over each column an A/B side ran in, its letter in its colour: the shading reads
// without colours too (monochrome, a projector).
void draw_sides(Canvas& canvas, const Rect& plot, const std::vector<std::optional<std::size_t>>& sides) {
  for (int cx = 0; cx < plot.w; ++cx) {
    const std::optional<std::size_t>& side = sides[static_cast<std::size_t>(cx)];
    if (!side) continue;
    canvas.text(plot.x + cx, plot.y - 1, *side == 0 ? "A" : "B", {*side == 0 ? Color::side_a : Color::side_b, true});
  }
}

// Markers at configuration changes in view: a dotted line and its label along the top row, kept a
// cell apart from the A/B side letters around it ("+vmsplice AAA", "BBA +huge", not "+vmspliceAAA").
void draw_markers(Canvas& canvas, const Rect& plot, const DashboardModel& m, const ChartSpan& span,
                  const std::vector<std::optional<std::size_t>>& sides) {
  std::vector<int> marker_x;
  std::vector<std::string> labels;
  std::vector<int> widths;
  const std::vector<Segment>& segments = m.history.segments();
  for (std::size_t i = 1; i < segments.size(); ++i) {  // the first segment is the start: no marker
    const Segment& segment = segments[i];
    if (segment.start_ns <= span.t0_ns || segment.start_ns > m.now_ns || ab_slice(m, segment)) continue;
    marker_x.push_back(std::clamp(span.cell_of(segment.start_ns, plot.w), 0, plot.w - 1));
    labels.push_back(canvas.unicode() ? segment.label : to_ascii(segment.label));
    widths.push_back(text_width(labels.back()));
  }
  const std::vector<std::optional<LabelSpan>> spans = place_labels(marker_x, widths, plot.w);
  for (std::size_t i = 0; i < marker_x.size(); ++i) {
    const int x = plot.x + marker_x[i];
    for (int r = 0; r < plot.h; ++r) canvas.text(x, plot.y + r, canvas.unicode() ? "┊" : ":", {Color::marker});
    if (spans[i]) {
      draw_clipped(canvas, plot.x + spans[i]->x, plot.y - 1, labels[i], spans[i]->cells, {Color::marker, true, false});
      const int before = spans[i]->x - 1;
      if (before >= 0 && sides[static_cast<std::size_t>(before)]) canvas.text(plot.x + before, plot.y - 1, " ", {});
      const int after = spans[i]->x + spans[i]->cells;
      if (after < plot.w && sides[static_cast<std::size_t>(after)]) canvas.text(plot.x + after, plot.y - 1, " ", {});
    }
  }
}

// A level across the plot, under the trace: a dashed line at `gib_per_s`, its label on it at `label_x`
// (a cell of the plot; negative: that many cells from its right edge) where the label fits.
void draw_level(Canvas& canvas, const Rect& plot, const YScale& scale, double gib_per_s, const std::string& label,
                int label_x, Style style) {
  const int row = row_of(scale_position(scale, gib_per_s), plot.h);
  for (int x = 0; x < plot.w; ++x) canvas.text(plot.x + x, plot.y + row, canvas.unicode() ? "┄" : "-", {style.color});
  const int w = text_width(label);
  if (w + 2 < plot.w) canvas.text(plot.x + (label_x < 0 ? plot.w - w + label_x : label_x), plot.y + row, label, style);
}

// The baseline: dimmed, at its mean, labelled at the right.
void draw_baseline(Canvas& canvas, const Rect& plot, const YScale& scale, const Baseline& baseline) {
  const std::string label = " base " + format_fixed(baseline.gib_per_s, baseline.gib_per_s < 10 ? 2 : 1) + " ";
  draw_level(canvas, plot, scale, baseline.gib_per_s, label, -1, {Color::dim, true, false});
}

// The ceiling (memcpy of the buffer size), labelled at the left, where the axis holds it: above the top it
// would sit on the top row as if the trace reached it.
void draw_ceiling(Canvas& canvas, const Rect& plot, const YScale& scale, const Ceiling& ceiling) {
  const double v = ceiling.memcpy_gib_per_s;
  if (!(v <= scale.hi) || (scale.log ? v < scale.lo : v < 0)) return;
  draw_level(canvas, plot, scale, v, " " + ceiling_label(ceiling) + " ", 1, {Color::marker, true, false});
}

}  // namespace

void draw_chart(Canvas& canvas, const Rect& area, const DashboardModel& m) {
  if (area.w < kAxisWidth + 4 || area.h < 4) return;
  // Row 0: the unit and the markers' labels; then the plot; the last row: the time axis.
  const Rect plot{area.x + kAxisWidth, area.y + 1, area.w - kAxisWidth - 1, area.h - 2};
  DotGrid grid(plot.w, plot.h);
  const ChartSpan span = chart_span(m.now_ns, m.window_ns, grid.dot_columns());
  const std::vector<Envelope>& columns = m.history.columns(span.t0_ns, span.column_ns, span.columns);
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
  const std::vector<std::optional<std::size_t>> sides = column_sides(plot, m, span);
  draw_sides(canvas, plot, sides);
  draw_markers(canvas, plot, m, span, sides);
  if (m.baseline != nullptr) draw_baseline(canvas, plot, scale, *m.baseline);
  if (m.ceiling) draw_ceiling(canvas, plot, scale, *m.ceiling);
  for (int cy = 0; cy < plot.h; ++cy) {
    for (int cx = 0; cx < plot.w; ++cx) {
      if (grid.empty(cx, cy)) continue;
      const bool mean_here = !means.empty(cx, cy);
      // B's columns in B's colour; A's, and everything outside an A/B, in the chart's.
      const bool b_side = sides[static_cast<std::size_t>(cx)] == std::optional<std::size_t>(1);
      const Style mean_style{b_side ? Color::side_b : Color::chart, true, false};
      const Style band_style{b_side ? Color::side_b : Color::chart_dim};
      canvas.text(plot.x + cx, plot.y + cy, grid.glyph(cx, cy, canvas.unicode()), mean_here ? mean_style : band_style);
    }
  }
  if (std::ranges::none_of(columns, &Envelope::present)) {
    const std::string waiting = "waiting for samples…";
    canvas.text(plot.x + std::max(0, (plot.w - text_width(waiting)) / 2), plot.y + plot.h / 2,
                canvas.unicode() ? waiting : "waiting for samples...", {Color::dim});
  }
}

}  // namespace pipetop

#include "pipetop/core/report/chart_picture.hpp"

#include <algorithm>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/report/svg_page.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

constexpr int kHeight = 540;
constexpr double kLeft = 84;  // room for the tick labels and the unit
constexpr double kRight = kSvgWidth - 24;
constexpr double kPlotTop = kSvgHeadingBottom + 20;  // room for the markers' labels above the plot
constexpr double kBottom = 476;
constexpr double kLabelSize = 12;
constexpr int kColumnPx = 2;  // one envelope column per 2 px
constexpr int kMaxTicks = 7;

// Where values and times land on the plot.
struct Frame {
  YScale scale;
  std::int64_t t0_ns = 0;
  std::int64_t t1_ns = 0;
  [[nodiscard]] double y(double gib_per_s) const {
    return kBottom - scale_position(scale, gib_per_s) * (kBottom - kPlotTop);
  }
  [[nodiscard]] double fraction(std::int64_t t_ns) const {
    return static_cast<double>(t_ns - t0_ns) / static_cast<double>(t1_ns - t0_ns);
  }
  [[nodiscard]] double x(std::int64_t t_ns) const { return kLeft + fraction(t_ns) * (kRight - kLeft); }
};

std::string label_figure(double gib_per_s) {
  return format_fixed(gib_per_s, 2);
}

void line(SvgPage& page, double x1, double y1, double x2, double y2, std::string_view stroke,
          std::string_view dashes = {}) {
  std::vector<XmlAttribute> attributes{{"x1", x1}, {"y1", y1}, {"x2", x2}, {"y2", y2}, {"stroke", stroke}};
  if (!dashes.empty()) attributes.emplace_back("stroke-dasharray", dashes);
  page.xml().empty("line", attributes);
}

void draw_value_axis(SvgPage& page, const Frame& f) {
  const SvgTextStyle tick_style{.fill = svg_color::muted, .anchor = "end"};
  for (const Tick& tick : scale_ticks(f.scale, kMaxTicks)) {
    const double y = f.y(tick.value);
    line(page, kLeft, y, kRight, y, svg_color::grid);
    page.text(kLeft - 8, y + 4, tick.label, tick_style);
  }
  line(page, kLeft, kPlotTop, kLeft, kBottom, svg_color::axis);
  page.text(kSvgMargin, kPlotTop - 8, f.scale.log ? "GiB/s log" : "GiB/s", {.fill = svg_color::muted, .bold = true});
}

// Seconds from the left edge, at round steps: the ticks of a scale fitted to the span, up to its end
// (about half of them: the fitted top has headroom).
void draw_time_axis(SvgPage& page, const Frame& f) {
  line(page, kLeft, kBottom, kRight, kBottom, svg_color::axis);
  if (f.t1_ns <= f.t0_ns) return;
  const double seconds = static_cast<double>(f.t1_ns - f.t0_ns) / 1e9;
  for (const Tick& tick : scale_ticks(fit_scale(0.0, seconds, false), 2 * kMaxTicks)) {
    if (tick.value > seconds * (1 + 1e-9)) break;
    const double x = kLeft + tick.value / seconds * (kRight - kLeft);
    line(page, x, kBottom, x, kBottom + 4, svg_color::axis);
    page.text(x, kBottom + 18, tick.label + "s", {.fill = svg_color::muted, .anchor = "middle"});
  }
}

// Each run of columns with data: the lowest–highest band as one outline, the means as one line.
void draw_trace(SvgPage& page, const Frame& f, const std::vector<Envelope>& columns) {
  const auto left = [](std::size_t i) { return kLeft + static_cast<double>(i) * kColumnPx; };
  for (std::size_t first = 0; first < columns.size();) {
    if (!columns[first].present) {
      ++first;
      continue;
    }
    std::size_t end = first;
    while (end < columns.size() && columns[end].present) ++end;
    std::string band = "M" + xml_number(left(first)) + " " + xml_number(f.y(columns[first].hi));
    std::string means = "M";
    for (std::size_t i = first; i < end; ++i) {
      band += " V" + xml_number(f.y(columns[i].hi)) + " H" + xml_number(left(i + 1));
      means +=
          (i == first ? "" : " L") + xml_number(left(i) + kColumnPx / 2.0) + " " + xml_number(f.y(columns[i].mean));
    }
    for (std::size_t i = end; i-- > first;) band += " V" + xml_number(f.y(columns[i].lo)) + " H" + xml_number(left(i));
    band += " Z";
    page.xml().empty("path", {{"d", band},
                              {"fill", svg_color::range},
                              {"stroke", svg_color::range},
                              {"stroke-width", 1.0},
                              {"stroke-linejoin", "round"}});
    if (end - first == 1) means += " h0";  // a single column still shows as a dot
    page.xml().empty("path", {{"d", means},
                              {"fill", "none"},
                              {"stroke", svg_color::trace},
                              {"stroke-width", 1.5},
                              {"stroke-linejoin", "round"},
                              {"stroke-linecap", "round"}});
    first = end;
  }
}

// Each segment's mean as a dashed line over the part of it in view, labelled when the label fits.
void draw_segment_means(SvgPage& page, const Frame& f, const std::vector<PictureSegment>& segments) {
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const PictureSegment& s = segments[i];
    const std::int64_t end_ns = i + 1 < segments.size() ? segments[i + 1].start_ns : f.t1_ns;
    const std::int64_t from_ns = std::max(s.start_ns, f.t0_ns);
    const std::int64_t to_ns = std::min(end_ns, f.t1_ns);
    if (!s.mean_gib_per_s || to_ns <= from_ns) continue;
    const double x0 = f.x(from_ns);
    const double x1 = f.x(to_ns);
    const double y = f.y(*s.mean_gib_per_s);
    line(page, x0, y, x1, y, svg_color::mean, "6 4");
    std::string label = "mean " + label_figure(*s.mean_gib_per_s);
    if (svg_text_width(label, kLabelSize) > x1 - x0 - 8) label = label_figure(*s.mean_gib_per_s);
    if (svg_text_width(label, kLabelSize) > x1 - x0 - 8) continue;
    const double label_y = y - 5 - kLabelSize < kPlotTop ? y + 5 + kLabelSize : y - 5;  // inside the plot
    page.text(x0 + 4, label_y, label, {.fill = svg_color::mean, .bold = true, .halo = true});
  }
}

// A dotted line at each change in view, its label along the row above the plot, placed as the
// terminal places them (in cells of the label font).
void draw_markers(SvgPage& page, const Frame& f, const std::vector<PictureSegment>& segments) {
  const double cell = svg_text_width("M", kLabelSize);
  const auto row_cells = static_cast<int>((kRight - kLeft) / cell);
  std::vector<int> marker_x;
  std::vector<int> widths;
  std::vector<const PictureSegment*> shown;
  for (std::size_t i = 1; i < segments.size(); ++i) {  // the first segment is the start: no marker
    if (segments[i].start_ns <= f.t0_ns || segments[i].start_ns > f.t1_ns) continue;
    shown.push_back(&segments[i]);
    marker_x.push_back(std::clamp(static_cast<int>(f.fraction(segments[i].start_ns) * row_cells), 0, row_cells - 1));
    widths.push_back(text_cells(segments[i].label));
  }
  const std::vector<std::optional<LabelSpan>> spans = place_labels(marker_x, widths, row_cells);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const double x = f.x(shown[i]->start_ns);
    line(page, x, kPlotTop, x, kBottom, svg_color::marker, "2 3");
    if (!spans[i]) continue;
    page.text(kLeft + spans[i]->x * cell, kPlotTop - 8,
              svg_fit_text(shown[i]->label, spans[i]->cells * cell, kLabelSize),
              {.fill = svg_color::marker, .bold = true});
  }
}

// What the marks mean, along the bottom.
void draw_legend(SvgPage& page) {
  constexpr double y = kHeight - 18;
  constexpr double size = 11;
  double x = kLeft;
  const auto label = [&](std::string_view text) {
    page.text(x, y, text, {.size = size, .fill = svg_color::muted});
    x += svg_text_width(text, size) + 18;
  };
  page.xml().empty("rect", {{"x", x}, {"y", y - 8}, {"width", 16}, {"height", 8}, {"fill", svg_color::range}});
  x += 22;
  label("lowest–highest rate");
  line(page, x, y - 4, x + 16, y - 4, svg_color::trace);
  x += 22;
  label("mean");
  line(page, x, y - 4, x + 16, y - 4, svg_color::mean, "6 4");
  x += 22;
  label("segment mean");
  line(page, x, y - 9, x, y + 1, svg_color::marker, "2 3");
  x += 6;
  label("configuration change");
  page.text(kRight, y, "pipetop", {.size = size, .fill = svg_color::muted, .anchor = "end"});
}

}  // namespace

std::string chart_svg(const ChartPicture& picture) {
  SvgPage page(kSvgWidth, kHeight, picture.title, picture.machine, picture.stamp);
  const int column_count = static_cast<int>(kRight - kLeft) / kColumnPx;
  const std::vector<Envelope> columns = column_envelopes(picture.rates, picture.t0_ns, picture.t1_ns, column_count);
  const Frame frame{envelope_scale(columns, picture.log, picture.y_max_gib_per_s), picture.t0_ns, picture.t1_ns};
  draw_value_axis(page, frame);
  draw_time_axis(page, frame);
  if (picture.t1_ns > picture.t0_ns) {
    draw_trace(page, frame, columns);
    draw_segment_means(page, frame, picture.segments);
    draw_markers(page, frame, picture.segments);
  }
  if (std::ranges::none_of(columns, &Envelope::present)) {
    page.text((kLeft + kRight) / 2, (kPlotTop + kBottom) / 2, "no samples",
              {.size = 14, .fill = svg_color::muted, .anchor = "middle"});
  }
  draw_legend(page);
  return page.finish();
}

}  // namespace pipetop

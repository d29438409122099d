#include "pipetop/core/report/sweep_picture.hpp"

#include <algorithm>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/core/screen/chart_math.hpp"

namespace pipetop {
namespace {

constexpr int kHeight = 540;
constexpr double kLeft = 84;  // room for the tick labels
constexpr double kRight = kSvgWidth - 32;
constexpr double kPlotTop = kSvgHeadingBottom + 44;  // room for two rows of cache labels above the plot
constexpr double kBottom = 456;
constexpr double kLabelSize = 11;
constexpr int kMaxTicks = 7;

// Where values and figures land on the plot: values on a log2 scale for sizes (half an octave of room
// at each end), linear for offsets (4% of room).
struct Frame {
  bool log = true;
  double lo = 0;
  double hi = 1;
  YScale scale;
  [[nodiscard]] double x(std::uint64_t value) const {
    const double v =
        log ? std::log2(static_cast<double>(std::max<std::uint64_t>(value, 1))) : static_cast<double>(value);
    return kLeft + (v - lo) / (hi - lo) * (kRight - kLeft);
  }
  [[nodiscard]] double y(double gib_per_s) const {
    return kBottom - scale_position(scale, gib_per_s) * (kBottom - kPlotTop);
  }
};

Frame frame_for(const SweepCurve& curve) {
  Frame f;
  f.log = sweep_option_row(curve.option).sizes;
  const std::uint64_t first = curve.points.front().value;
  const std::uint64_t last = curve.points.back().value;
  if (f.log) {
    f.lo = std::log2(static_cast<double>(std::max<std::uint64_t>(first, 1))) - 0.5;
    f.hi = std::log2(static_cast<double>(std::max<std::uint64_t>(last, 1))) + 0.5;
  } else {
    const double room = std::max(1.0, static_cast<double>(last - first) * 0.04);
    f.lo = static_cast<double>(first) - room;
    f.hi = static_cast<double>(last) + room;
  }
  if (f.hi <= f.lo) f.hi = f.lo + 1;
  std::optional<double> top;
  const auto raise = [&top](std::optional<double> v) {
    if (v) top = std::max(top.value_or(0.0), *v);
  };
  for (const SweepPoint& p : curve.points) {
    raise(p.figures.median_gib_per_s);
    if (p.interval) raise(p.interval->high);
  }
  if (curve.ceiling) raise(curve.ceiling->gib_per_s);
  f.scale = tight_scale(top, kMaxTicks);
  return f;
}

void stroke(SvgPage& page, double x1, double y1, double x2, double y2, std::string_view colour,
            std::string_view dashes = {}, double width = 1) {
  std::vector<XmlAttribute> attributes{{"x1", x1}, {"y1", y1}, {"x2", x2}, {"y2", y2}, {"stroke", colour}};
  if (width > 1) attributes.emplace_back("stroke-width", width);
  if (!dashes.empty()) attributes.emplace_back("stroke-dasharray", dashes);
  page.xml().empty("line", attributes);
}

void draw_axes(SvgPage& page, const Frame& f, const SweepCurve& curve) {
  for (const Tick& tick : scale_ticks(f.scale, kMaxTicks)) {
    stroke(page, kLeft, f.y(tick.value), kRight, f.y(tick.value), svg_color::grid);
    page.text(kLeft - 8, f.y(tick.value) + 4, tick.label, {.fill = svg_color::muted, .anchor = "end"});
  }
  stroke(page, kLeft, kPlotTop, kLeft, kBottom, svg_color::axis);
  stroke(page, kLeft, kBottom, kRight, kBottom, svg_color::axis);
  page.text(kSvgMargin, kPlotTop - 34, "GiB/s", {.fill = svg_color::muted, .bold = true});
  double last_right = -1e9;  // where the last value's label ended: labels that would overlap are left out
  for (const SweepPoint& p : curve.points) {
    const double x = f.x(p.value);
    stroke(page, x, kBottom, x, kBottom + 4, svg_color::axis);
    const std::string label = sweep_value_text(curve.option, p.value);
    const double half = svg_text_width(label, kLabelSize) / 2;
    if (x - half < last_right + 6) continue;
    page.text(x, kBottom + 18, label, {.size = kLabelSize, .fill = svg_color::muted, .anchor = "middle"});
    last_right = x + half;
  }
  const std::string axis = std::string(sweep_option_row(curve.option).name) + (f.log ? " (log scale)" : " (bytes)");
  page.text((kLeft + kRight) / 2, kBottom + 40, axis, {.fill = svg_color::muted, .anchor = "middle", .bold = true});
}

// Each cache as a dashed vertical line where it falls among the values, labelled above the plot in two
// alternating rows, so neighbours do not overlap.
void draw_caches(SvgPage& page, const Frame& f, const SweepCurve& curve) {
  for (std::size_t i = 0; i < curve.caches.size(); ++i) {
    const CacheMark& mark = curve.caches[i];
    const double x = f.x(mark.bytes);
    if (x < kLeft || x > kRight) continue;
    stroke(page, x, kPlotTop - (i % 2 == 0 ? 4 : 18), x, kBottom, svg_color::marker, "3 3");
    page.text(x, kPlotTop - 8 - (i % 2 == 0 ? 0 : 14), mark.name + " " + format_size(mark.bytes),
              {.size = kLabelSize, .fill = svg_color::marker, .anchor = "middle", .bold = true, .halo = true});
  }
}

void draw_ceiling(SvgPage& page, const Frame& f, const SweepCeiling& ceiling) {
  const double y = f.y(ceiling.gib_per_s);
  stroke(page, kLeft, y, kRight, y, svg_color::mean, "8 4", 1.5);
  page.text(kRight - 4, y - 5, ceiling.name + " " + format_fixed(ceiling.gib_per_s, 1) + " GiB/s",
            {.fill = svg_color::mean, .anchor = "end", .bold = true, .halo = true});
}

// A value's point with its interval as an error bar and its ratio above it, unless the ratio would
// overlap the one before it (`last_right`: where that one ended); a failed value's "failed".
void draw_point(SvgPage& page, const Frame& f, const SweepPoint& p, double& last_right) {
  const double x = f.x(p.value);
  if (!p.figures.median_gib_per_s) {
    if (!p.failure) return;
    page.text(x, kBottom - 8, "failed", {.size = kLabelSize, .fill = svg_color::bad, .anchor = "middle", .bold = true});
    return;
  }
  const double y = f.y(*p.figures.median_gib_per_s);
  double top = y;
  if (p.interval) {
    const double low = f.y(p.interval->low);
    top = f.y(p.interval->high);
    stroke(page, x, low, x, top, svg_color::ink, {}, 1.5);
    stroke(page, x - 4, low, x + 4, low, svg_color::ink, {}, 1.5);
    stroke(page, x - 4, top, x + 4, top, svg_color::ink, {}, 1.5);
  }
  page.xml().empty("circle", {{"cx", x}, {"cy", y}, {"r", 3.5}, {"fill", svg_color::trace}});
  const std::string label = !p.ratio ? "ref" : p.ratio->median ? "×" + ratio_text(*p.ratio->median) : "";
  const double half = svg_text_width(label, kLabelSize) / 2;
  if (label.empty() || x - half < last_right + 4) return;
  const std::string_view colour = p.ratio ? svg_color::speedup : svg_color::muted;
  page.text(x, top - 7, label, {.size = kLabelSize, .fill = colour, .anchor = "middle", .bold = true, .halo = true});
  last_right = x + half;
}

// The medians joined by a line, then each value's point.
void draw_curve(SvgPage& page, const Frame& f, const SweepCurve& curve) {
  std::string path;
  for (const SweepPoint& p : curve.points) {
    if (!p.figures.median_gib_per_s) continue;
    path += (path.empty() ? "M" : " L") + xml_number(f.x(p.value)) + " " + xml_number(f.y(*p.figures.median_gib_per_s));
  }
  if (!path.empty()) {
    page.xml().empty("path", {{"d", path}, {"fill", "none"}, {"stroke", svg_color::trace}, {"stroke-width", 1.5}});
  }
  double last_right = -1e9;
  for (const SweepPoint& p : curve.points) draw_point(page, f, p, last_right);
}

void draw_legend(SvgPage& page, const SweepCurve& curve) {
  const std::string text = "points: median GiB/s over the rounds · bars: its 95% interval · ×: against " +
                           sweep_value_text(curve.option, curve.points.front().value) + " in the same rounds";
  page.text(kLeft, kHeight - 14, svg_fit_text(text, kRight - kLeft - 80, 11), {.size = 11, .fill = svg_color::muted});
  page.text(kRight, kHeight - 14, "pipetop", {.size = 11, .fill = svg_color::muted, .anchor = "end"});
}

std::string headline(const SweepCurve& curve) {
  const SweepPoint* fastest = fastest_point(curve);
  if (fastest == nullptr) return {};
  std::string text = "fastest: " + sweep_value_text(curve.option, fastest->value) + ", " +
                     format_fixed(fastest->figures.median_gib_per_s, 2) + " GiB/s";
  if (fastest->ratio && fastest->ratio->median) {
    text +=
        ", ×" + ratio_text(*fastest->ratio->median) + " " + sweep_value_text(curve.option, curve.points.front().value);
  }
  return text;
}

std::string caveat(const SweepCurve& curve) {
  std::string failed;
  for (const SweepPoint& p : curve.points) {
    if (p.failure)
      failed +=
          (failed.empty() ? "" : ", ") + sweep_value_text(curve.option, p.value) + " (" + p.failure->message + ")";
  }
  return failed.empty() ? "" : "failed: " + failed;
}

}  // namespace

SweepPicture sweep_picture(SweepCurve curve, std::string title, std::string machine) {
  SweepPicture picture{std::move(curve), std::move(title), std::move(machine)};
  picture.stamp.headline = headline(picture.curve);
  picture.stamp.caveat = caveat(picture.curve);
  return picture;
}

std::string sweep_svg(const SweepPicture& picture) {
  SvgPage page(kSvgWidth, kHeight, picture.title, picture.machine, picture.stamp);
  const SweepCurve& curve = picture.curve;
  if (!curve.points.empty()) {
    const Frame frame = frame_for(curve);
    draw_axes(page, frame, curve);
    draw_caches(page, frame, curve);
    if (curve.ceiling) draw_ceiling(page, frame, *curve.ceiling);
    draw_curve(page, frame, curve);
    draw_legend(page, curve);
  }
  if (fastest_point(curve) == nullptr) {
    page.text((kLeft + kRight) / 2, (kPlotTop + kBottom) / 2, "no value measured",
              {.size = 14, .fill = svg_color::muted, .anchor = "middle"});
  }
  return page.finish();
}

}  // namespace pipetop

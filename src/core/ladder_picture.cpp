#include "pipetop/core/ladder_picture.hpp"

#include <algorithm>

#include "pipetop/core/chart_math.hpp"
#include "pipetop/core/number_format.hpp"
#include "pipetop/core/svg_page.hpp"

namespace pipetop {
namespace {

constexpr int kWidth = 960;
constexpr double kTop = 84;  // the first row's top
constexpr double kRowPx = 40;
constexpr double kBarPx = 22;
constexpr double kTextSize = 13;
constexpr double kValueRoom = 150;  // right of the longest bar: "62.99 GiB/s  ×18.0"

struct Columns {
  double name_right = 0;  // names end here, right-aligned
  double bar_left = 0;
  double bar_room = 0;  // px for the top of the scale
  YScale scale;
};

Columns columns_for(const LadderPicture& picture) {
  double name_px = 0;
  std::optional<double> top;
  for (const PictureRung& r : picture.rungs) {
    name_px = std::max(name_px, svg_text_width(r.name, kTextSize));
    if (r.gib_per_s) top = std::max(top.value_or(0.0), *r.gib_per_s);
  }
  Columns c;
  c.name_right = kSvgMargin + std::min(name_px, kWidth * 0.4);
  c.bar_left = c.name_right + 12;
  c.bar_room = kWidth - kSvgMargin - kValueRoom - c.bar_left;
  c.scale = fit_scale(std::nullopt, top, false);
  return c;
}

double rows_bottom(const LadderPicture& picture) {
  return kTop + kRowPx * static_cast<double>(std::max<std::size_t>(picture.rungs.size(), 1));
}

void draw_grid(SvgPage& page, const Columns& c, double bottom) {
  for (const Tick& tick : scale_ticks(c.scale, 6)) {
    const double x = c.bar_left + scale_position(c.scale, tick.value) * c.bar_room;
    page.xml().empty("line", {{"x1", x}, {"y1", kTop - 6}, {"x2", x}, {"y2", bottom + 4}, {"stroke", svg_color::grid}});
    page.text(x, bottom + 20, tick.label, {.fill = svg_color::muted, .anchor = "middle"});
  }
  page.text(c.bar_left - 8, bottom + 20, "GiB/s", {.fill = svg_color::muted, .anchor = "end", .bold = true});
}

void draw_rung(SvgPage& page, const Columns& c, double y, const PictureRung& rung, std::optional<double> speedup) {
  const double middle = y + kRowPx / 2;
  page.text(c.name_right, middle + 4.5, svg_fit_text(rung.name, c.name_right - kSvgMargin, kTextSize),
            {.size = kTextSize, .anchor = "end"});
  if (!rung.gib_per_s) {
    const std::string why = rung.failure.empty() ? "failed" : "failed: " + rung.failure;
    page.text(c.bar_left, middle + 4.5, svg_fit_text(why, kWidth - kSvgMargin - c.bar_left, kTextSize),
              {.size = kTextSize, .fill = svg_color::bad, .bold = true});
    return;
  }
  const double length = scale_position(c.scale, *rung.gib_per_s) * c.bar_room;
  page.xml().empty("rect", {{"x", c.bar_left},
                            {"y", middle - kBarPx / 2},
                            {"width", length},
                            {"height", kBarPx},
                            {"fill", svg_color::trace}});
  const std::string value = format_fixed(*rung.gib_per_s, 2) + " GiB/s";
  const double value_x = c.bar_left + length + 6;
  page.text(value_x, middle + 4.5, value, {.size = kTextSize, .bold = true, .halo = true});
  if (speedup) {
    page.text(value_x + svg_text_width(value, kTextSize) + 10, middle + 4.5, "×" + format_fixed(*speedup, 1),
              {.size = kTextSize, .fill = svg_color::speedup, .bold = true, .halo = true});
  }
}

}  // namespace

LadderPicture ladder_picture(const std::vector<RungResult>& results, std::string title, std::string machine) {
  LadderPicture picture{{}, std::move(title), std::move(machine)};
  for (const RungResult& r : results) {
    picture.rungs.push_back({r.rung.name, r.trial.gib_per_s(), r.trial.error ? r.trial.error->message : ""});
  }
  return picture;
}

std::string ladder_svg(const LadderPicture& picture) {
  const double bottom = rows_bottom(picture);
  SvgPage page(kWidth, static_cast<int>(bottom) + 56, picture.title, picture.machine);
  const Columns c = columns_for(picture);
  draw_grid(page, c, bottom);
  const std::optional<double> first = picture.rungs.empty() ? std::nullopt : picture.rungs.front().gib_per_s;
  const bool speedups = first && *first > 0;
  for (std::size_t i = 0; i < picture.rungs.size(); ++i) {
    const PictureRung& rung = picture.rungs[i];
    std::optional<double> speedup;
    if (rung.gib_per_s && speedups) speedup = *rung.gib_per_s / *first;
    draw_rung(page, c, kTop + kRowPx * static_cast<double>(i), rung, speedup);
  }
  if (picture.rungs.empty()) {
    page.text(c.bar_left, kTop + kRowPx / 2 + 4.5, "no rungs measured", {.size = kTextSize, .fill = svg_color::muted});
  }
  page.text(kWidth - kSvgMargin, bottom + 44, speedups ? "× against the first rung · pipetop" : "pipetop",
            {.size = 11, .fill = svg_color::muted, .anchor = "end"});
  return page.finish();
}

}  // namespace pipetop

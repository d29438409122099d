#include "pipetop/core/report/ladder_picture.hpp"

#include <algorithm>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/screen/chart_math.hpp"

namespace pipetop {
namespace {

constexpr double kFirstRowTop = kSvgHeadingBottom + 16;  // the first row's top, below the column headings
constexpr double kRowPx = 40;
constexpr double kBarPx = 22;
constexpr double kTextSize = 13;
constexpr double kValueRoom = 150;    // right of the longest bar: "62.99 GiB/s  ×18.0"
constexpr double kArticleRoom = 150;  // the article's column: "62.5 GiB/s ×17.9"
constexpr int kMaxTicks = 8;

struct Columns {
  double name_right = 0;  // names end here, right-aligned
  double bar_left = 0;
  double bar_room = 0;      // px for the top of the scale
  double article_left = 0;  // the article's column; 0: none
  YScale scale;
};

bool has_article(const LadderPicture& picture) {
  return std::ranges::any_of(picture.rungs, [](const PictureRung& r) { return r.article_gib_per_s.has_value(); });
}

Columns columns_for(const LadderPicture& picture) {
  double name_px = 0;
  std::optional<double> top;
  for (const PictureRung& r : picture.rungs) {
    name_px = std::max(name_px, svg_text_width(r.name, kTextSize));
    if (r.gib_per_s) top = std::max(top.value_or(0.0), *r.gib_per_s);
  }
  Columns c;
  c.name_right = kSvgMargin + std::min(name_px, kSvgWidth * 0.4);
  c.bar_left = c.name_right + 12;
  const double right = kSvgWidth - kSvgMargin - (has_article(picture) ? kArticleRoom : 0.0);
  if (has_article(picture)) c.article_left = right + 8;
  c.bar_room = right - kValueRoom - c.bar_left;
  c.scale = tight_scale(top, kMaxTicks);
  return c;
}

double rows_bottom(const LadderPicture& picture) {
  return kFirstRowTop + kRowPx * static_cast<double>(std::max<std::size_t>(picture.rungs.size(), 1));
}

void draw_grid(SvgPage& page, const Columns& c, double bottom) {
  for (const Tick& tick : scale_ticks(c.scale, kMaxTicks)) {
    const double x = c.bar_left + scale_position(c.scale, tick.value) * c.bar_room;
    page.xml().empty("line",
                     {{"x1", x}, {"y1", kFirstRowTop - 6}, {"x2", x}, {"y2", bottom + 4}, {"stroke", svg_color::grid}});
    page.text(x, bottom + 20, tick.label, {.fill = svg_color::muted, .anchor = "middle"});
  }
  page.text(c.bar_left - 8, bottom + 20, "GiB/s", {.fill = svg_color::muted, .anchor = "end", .bold = true});
  if (c.article_left > 0) {
    page.text(c.article_left, kFirstRowTop - 4, "the article's laptop", {.fill = svg_color::muted, .bold = true});
  }
}

// The article's figure of a rung, and its speed-up against the article's first.
void draw_article(SvgPage& page, const Columns& c, double middle, const PictureRung& rung,
                  std::optional<double> article_first) {
  if (c.article_left <= 0 || !rung.article_gib_per_s) return;
  std::string text = format_fixed(*rung.article_gib_per_s, 1) + " GiB/s";
  if (article_first && *article_first > 0) text += " ×" + format_fixed(*rung.article_gib_per_s / *article_first, 1);
  page.text(c.article_left, middle + 4.5, text, {.size = kTextSize, .fill = svg_color::muted});
}

void draw_rung(SvgPage& page, const Columns& c, double y, const PictureRung& rung, std::optional<double> speedup) {
  const double middle = y + kRowPx / 2;
  page.text(c.name_right, middle + 4.5, svg_fit_text(rung.name, c.name_right - kSvgMargin, kTextSize),
            {.size = kTextSize, .anchor = "end"});
  if (!rung.gib_per_s) {
    const double right = c.article_left > 0 ? c.article_left - 8 : kSvgWidth - kSvgMargin;
    const std::string why = rung.failure.empty() ? "failed" : "failed: " + rung.failure;
    page.text(c.bar_left, middle + 4.5, svg_fit_text(why, right - c.bar_left, kTextSize),
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
  if (rung.disturbed) {
    page.text(value_x, middle + 17, "disturbed", {.size = 10, .fill = svg_color::bad, .bold = true, .halo = true});
  }
}

// "fastest: NAME, 62.99 GiB/s, ×64.9 the first rung"; empty when no rung moved data.
std::string headline(const std::vector<PictureRung>& rungs) {
  const PictureRung* fastest = nullptr;
  for (const PictureRung& r : rungs) {
    if (r.gib_per_s && (fastest == nullptr || *r.gib_per_s > *fastest->gib_per_s)) fastest = &r;
  }
  if (fastest == nullptr) return {};
  std::string text = "fastest: " + fastest->name + ", " + format_fixed(*fastest->gib_per_s, 2) + " GiB/s";
  const std::optional<double> first = rungs.front().gib_per_s;
  if (first && *first > 0 && fastest != &rungs.front()) {
    text += ", ×" + format_fixed(*fastest->gib_per_s / *first, 1) + " the first rung";
  }
  return text;
}

// "disturbed: write/read, vmsplice/read ran while another program competed for their CPUs: their
// figures are below this machine's best"; empty when none was.
std::string caveat(const std::vector<PictureRung>& rungs) {
  std::string names;
  std::size_t count = 0;
  for (const PictureRung& r : rungs) {
    if (!r.disturbed) continue;
    names += (count++ == 0 ? "" : ", ") + r.name;
  }
  if (count == 0) return {};
  return "disturbed: " + names +
         (count == 1 ? " ran while another program competed for its CPUs: its figure is"
                     : " ran while another program competed for their CPUs: their figures are") +
         " below this machine's best";
}

}  // namespace

LadderPicture ladder_picture(const std::vector<RungResult>& results, std::string title, std::string machine) {
  LadderPicture picture{{}, std::move(title), std::move(machine)};
  for (const RungResult& r : results) {
    picture.rungs.push_back({r.rung.name, r.trial.gib_per_s(), r.trial.error ? r.trial.error->message : "",
                             r.trial.disturbed(), r.rung.article_gib_per_s});
  }
  picture.stamp.headline = headline(picture.rungs);
  picture.stamp.caveat = caveat(picture.rungs);
  return picture;
}

std::string ladder_svg(const LadderPicture& picture) {
  const double bottom = rows_bottom(picture);
  SvgPage page(kSvgWidth, static_cast<int>(bottom) + 56, picture.title, picture.machine, picture.stamp);
  const Columns c = columns_for(picture);
  draw_grid(page, c, bottom);
  const std::optional<double> first = picture.rungs.empty() ? std::nullopt : picture.rungs.front().gib_per_s;
  const bool speedups = first && *first > 0;
  std::optional<double> article_first;
  for (const PictureRung& rung : picture.rungs) {
    if (rung.article_gib_per_s && !article_first) article_first = rung.article_gib_per_s;
  }
  for (std::size_t i = 0; i < picture.rungs.size(); ++i) {
    const PictureRung& rung = picture.rungs[i];
    std::optional<double> speedup;
    if (rung.gib_per_s && speedups) speedup = *rung.gib_per_s / *first;
    const double y = kFirstRowTop + kRowPx * static_cast<double>(i);
    draw_rung(page, c, y, rung, speedup);
    draw_article(page, c, y + kRowPx / 2, rung, article_first);
  }
  if (picture.rungs.empty()) {
    page.text(c.bar_left, kFirstRowTop + kRowPx / 2 + 4.5, "no rungs measured",
              {.size = kTextSize, .fill = svg_color::muted});
  }
  page.text(kSvgWidth - kSvgMargin, bottom + 44, speedups ? "× against the first rung · pipetop" : "pipetop",
            {.size = 11, .fill = svg_color::muted, .anchor = "end"});
  return page.finish();
}

}  // namespace pipetop

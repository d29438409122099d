// The tour's caption band and its closing summary.

#include <string>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/screen/text_cells.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kCaptionLines = 3;

std::string heading(const TourView& tour) {
  std::string text = "step " + std::to_string(tour.step + 1) + "/" + std::to_string(tour.steps) + " · " + tour.name;
  text += tour.paused ? " · paused" : " · " + format_fixed(static_cast<double>(tour.remaining_ns) / 1e9, 0) + " s";
  return text;
}

}  // namespace

int caption_rows(const TourView& tour, int width) {
  if (tour.finished) return 0;
  const int lines = static_cast<int>(wrap_words(tour.caption, width - 2).size());
  return 1 + std::min(lines, kCaptionLines);
}

void draw_caption(Canvas& canvas, const Rect& a, const TourView& tour) {
  if (a.empty()) return;
  const int used = draw_clipped(canvas, a.x + 1, a.y, heading(tour), a.w - 2, {Color::marker, true, false});
  const std::string_view keys = " space pause · → next · ← back · q quit";
  if (a.w - 2 - used > text_width(keys)) canvas.text(a.x + a.w - 1 - text_width(keys), a.y, keys, {Color::dim});
  int y = a.y + 1;
  for (const std::string& line : wrap_words(tour.caption, a.w - 2)) {
    if (y >= a.y + a.h) break;
    canvas.text(a.x + 1, y++, line, {Color::normal, true, false});
  }
}

void draw_tour_summary(Canvas& canvas, const Rect& area, const TourView& tour) {
  const int h = std::min(area.h, static_cast<int>(tour.summary.size()) + 2);
  const Rect a{area.x, area.y + (area.h - h) / 2, area.w, h};
  draw_overlay_box(canvas, a, " the tour: what this machine did ", " ← back to the steps · q quits ");
  int y = a.y + 1;
  for (std::size_t i = 0; i < tour.summary.size(); ++i) {
    if (y > a.y + a.h - 2) break;
    draw_clipped(canvas, a.x + 2, y++, tour.summary[i], a.w - 4, i < 2 ? Style{Color::title, true, false} : Style{});
  }
}

void draw_key_echo(Canvas& canvas, const Rect& chart, std::string_view echo) {
  if (echo.empty() || chart.h < 4) return;
  const std::string text = " " + std::string(echo) + " ";
  const int w = std::min(text_width(text), chart.w - 2);
  draw_clipped(canvas, chart.x + chart.w - 1 - w, chart.y + chart.h - 3, text, w, {Color::accent, true, true});
}

}  // namespace pipetop

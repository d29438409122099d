#include <string>

#include "pipetop/ui/widgets.hpp"

namespace pipetop {

void draw_overlay_box(Canvas& canvas, const Rect& a, std::string_view title, std::string_view hint) {
  const bool unicode = canvas.unicode();
  std::string top = unicode ? "┌" : "+";
  std::string bottom = unicode ? "└" : "+";
  for (int i = 0; i < a.w - 2; ++i) {
    top += unicode ? "─" : "-";
    bottom += unicode ? "─" : "-";
  }
  top += unicode ? "┐" : "+";
  bottom += unicode ? "┘" : "+";
  canvas.text(a.x, a.y, top, {Color::title});
  const std::string blank(static_cast<std::size_t>(std::max(a.w - 2, 0)), ' ');
  for (int y = a.y + 1; y < a.y + a.h - 1; ++y) {
    canvas.text(a.x, y, unicode ? "│" : "|", {Color::title});
    canvas.text(a.x + 1, y, blank);
    canvas.text(a.x + a.w - 1, y, unicode ? "│" : "|", {Color::title});
  }
  canvas.text(a.x, a.y + a.h - 1, bottom, {Color::title});
  draw_clipped(canvas, a.x + 2, a.y, title, a.w - 4, {Color::title, true, false});
  const int hint_w = std::min(text_width(hint), a.w - 4);
  draw_clipped(canvas, a.x + a.w - 2 - hint_w, a.y + a.h - 1, hint, hint_w, {Color::dim});
}

}  // namespace pipetop

#include <string>

#include "pipetop/ui/widgets.hpp"

namespace pipetop {

void draw_too_small(Canvas& canvas, const Rect& a) {
  const std::string need = "terminal too small: needs " + std::to_string(kMinWidth) + (canvas.unicode() ? "×" : "x") +
                           std::to_string(kMinHeight);
  const std::string have = "now " + std::to_string(canvas.width()) + (canvas.unicode() ? "×" : "x") +
                           std::to_string(canvas.height()) + ", q quits";
  const auto centred = [&](int y, const std::string& text, Style style) {
    const int w = std::min(text_width(text), a.w);
    draw_clipped(canvas, a.x + std::max(0, (a.w - w) / 2), y, text, a.w, style);
  };
  if (a.h >= 1) centred(a.y, need, {Color::warn, true, false});
  if (a.h >= 2) centred(a.y + 1, have, {Color::dim});
}

}  // namespace pipetop

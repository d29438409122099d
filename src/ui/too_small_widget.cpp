#include <string>
#include <vector>

#include "pipetop/ui/widgets.hpp"

namespace pipetop {

void draw_too_small(Canvas& canvas, const Rect& a) {
  const std::string size = std::to_string(kMinWidth) + "×" + std::to_string(kMinHeight);
  const std::string now = "now " + std::to_string(canvas.width()) + "×" + std::to_string(canvas.height()) + ", q quits";
  // Narrow terminals get the words on lines of their own, so the size needed is always readable.
  const std::vector<std::string> lines = a.w >= 38
                                             ? std::vector<std::string>{"terminal too small: needs " + size, now}
                                             : std::vector<std::string>{"terminal too small", "needs " + size, now};
  for (std::size_t i = 0; i < lines.size() && static_cast<int>(i) < a.h; ++i) {
    const int w = std::min(text_width(lines[i]), a.w);
    draw_clipped(canvas, a.x + std::max(0, (a.w - w) / 2), a.y + static_cast<int>(i), lines[i], a.w,
                 i + 1 == lines.size() ? Style{Color::dim} : Style{Color::warn, true, false});
  }
}

}  // namespace pipetop

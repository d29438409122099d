#include "pipetop/ui/canvas.hpp"

namespace pipetop {

int text_width(std::string_view utf8) {
  int cells = 0;
  for (const char c : utf8) cells += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return cells;
}

std::string_view fit_prefix(std::string_view utf8, int cells) {
  int seen = 0;
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) == 0x80) continue;
    if (seen == cells) return utf8.substr(0, i);
    ++seen;
  }
  return utf8;
}

int draw_clipped(Canvas& canvas, int x, int y, std::string_view utf8, int cells, Style style) {
  if (cells <= 0) return 0;
  if (text_width(utf8) <= cells) return canvas.text(x, y, utf8, style);
  const int used = canvas.text(x, y, fit_prefix(utf8, cells - 1), style);
  return used + canvas.text(x + used, y, canvas.unicode() ? "…" : "~", style);
}

}  // namespace pipetop

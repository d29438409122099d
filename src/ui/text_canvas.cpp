#include "pipetop/ui/text_canvas.hpp"

#include <algorithm>

namespace pipetop {

TextCanvas::TextCanvas(int width, int height, bool unicode)
    : width_(std::max(width, 0)),
      height_(std::max(height, 0)),
      unicode_(unicode),
      cells_(static_cast<std::size_t>(width_ * height_)) {}

int TextCanvas::text(int x, int y, std::string_view given, Style style) {
  const std::string ascii = unicode_ ? std::string() : to_ascii(given);
  const std::string_view utf8 = unicode_ ? given : std::string_view(ascii);
  int cell = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    std::size_t length = 1;
    while (i + length < utf8.size() && (static_cast<unsigned char>(utf8[i + length]) & 0xC0) == 0x80) ++length;
    const int cx = x + cell;
    if (y >= 0 && y < height_ && cx >= 0 && cx < width_) {
      Cell& c = cells_[static_cast<std::size_t>(y * width_ + cx)];
      c.glyph = std::string(utf8.substr(i, length));
      c.style = style;
      ++c.writes;
    }
    i += length;
    ++cell;
  }
  return cell;
}

const TextCanvas::Cell& TextCanvas::at(int x, int y) const {
  return cells_[static_cast<std::size_t>(std::clamp(y, 0, height_ - 1) * width_ + std::clamp(x, 0, width_ - 1))];
}

std::string TextCanvas::line(int y) const {
  std::string out;
  for (int x = 0; x < width_; ++x) out += at(x, y).glyph;
  return out;
}

std::string TextCanvas::dump() const {
  std::string out;
  for (int y = 0; y < height_; ++y) {
    std::string row = line(y);
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out += row + "\n";
  }
  return out;
}

Style TextCanvas::style_at(int x, int y) const {
  return at(x, y).style;
}
const std::string& TextCanvas::glyph_at(int x, int y) const {
  return at(x, y).glyph;
}
int TextCanvas::writes_at(int x, int y) const {
  return at(x, y).writes;
}

}  // namespace pipetop

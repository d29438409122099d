#include "pipetop/ui/canvas.hpp"

#include <array>
#include <utility>

#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 23> kAscii{{
    {"→", "->"}, {"←", "<-"}, {"⇄", "<->"}, {"·", "|"}, {"×", "x"}, {"÷", "/"}, {"—", "-"}, {"–", "-"},
    {"…", "~"},  {"✓", "+"},  {"✗", "x"},   {"┊", ":"}, {"│", "|"}, {"─", "-"}, {"┤", "+"}, {"┌", "+"},
    {"┐", "+"},  {"└", "+"},  {"┘", "+"},   {"█", "#"}, {"▀", "#"}, {"▄", "#"}, {"•", "*"},
}};

}  // namespace

std::string to_ascii(std::string_view utf8) {
  std::string out;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto byte = static_cast<unsigned char>(utf8[i]);
    if (byte < 0x80) {
      out += utf8[i++];
      continue;
    }
    std::size_t length = 1;
    while (i + length < utf8.size() && (static_cast<unsigned char>(utf8[i + length]) & 0xC0) == 0x80) ++length;
    const std::string_view glyph = utf8.substr(i, length);
    std::string_view replacement = "?";
    for (const auto& [from, to] : kAscii) {
      if (glyph == from) replacement = to;
    }
    // Braille (U+2800..U+28FF: E2 A0..A3 xx) and the sparkline blocks (U+2581..U+2588) become '#'.
    if (length == 3 && byte == 0xE2 && (static_cast<unsigned char>(glyph[1]) & 0xFC) == 0xA0) replacement = "#";
    if (length == 3 && byte == 0xE2 && static_cast<unsigned char>(glyph[1]) == 0x96) replacement = "#";
    out += replacement;
    i += length;
  }
  return out;
}

int text_width(std::string_view utf8) {
  return text_cells(utf8);
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

int draw_clipped(Canvas& canvas, int x, int y, std::string_view text, int cells, Style style) {
  if (cells <= 0) return 0;
  const std::string ascii = canvas.unicode() ? std::string() : to_ascii(text);
  const std::string_view utf8 = canvas.unicode() ? text : std::string_view(ascii);
  if (text_width(utf8) <= cells) return canvas.text(x, y, utf8, style);
  const int used = canvas.text(x, y, fit_prefix(utf8, cells - 1), style);
  return used + canvas.text(x + used, y, canvas.unicode() ? "…" : "~", style);
}

}  // namespace pipetop

#include "big_digits.hpp"

namespace pipetop {
namespace {

struct Glyph {
  char c;
  std::array<std::string_view, 3> rows;
};

constexpr std::array<Glyph, 12> kFont{{
    {'0', {"█▀█", "█ █", "█▄█"}},
    {'1', {"▀█ ", " █ ", "▄█▄"}},
    {'2', {"▀▀█", "█▀▀", "█▄▄"}},
    {'3', {"▀▀█", " ▀█", "▄▄█"}},
    {'4', {"█ █", "▀▀█", "  █"}},
    {'5', {"█▀▀", "▀▀█", "▄▄█"}},
    {'6', {"█▀▀", "█▀█", "█▄█"}},
    {'7', {"▀▀█", "  █", "  █"}},
    {'8', {"█▀█", "█▀█", "█▄█"}},
    {'9', {"█▀█", "▀▀█", "▄▄█"}},
    {'.', {" ", " ", "▄"}},
    {'-', {"   ", "▀▀▀", "   "}},
}};

const Glyph* find(char c) {
  for (const Glyph& g : kFont) {
    if (g.c == c) return &g;
  }
  return nullptr;
}

std::string ascii(std::string_view row) {
  std::string out;
  for (std::size_t i = 0; i < row.size();) {
    const bool blank = row[i] == ' ';
    out += blank ? ' ' : '#';
    i += blank ? 1 : 3;  // the block glyphs are 3 bytes of UTF-8
  }
  return out;
}

}  // namespace

std::array<std::string, 3> big_text(std::string_view text, bool unicode) {
  std::array<std::string, 3> rows;
  for (const char c : text) {
    const Glyph* g = find(c);
    for (std::size_t r = 0; r < 3; ++r) {
      if (!rows[r].empty()) rows[r] += ' ';
      rows[r] += g == nullptr ? "   " : (unicode ? std::string(g->rows[r]) : ascii(g->rows[r]));
    }
  }
  return rows;
}

int big_text_width(std::string_view text) {
  int width = 0;
  for (const char c : text) width += (width > 0 ? 1 : 0) + (c == '.' ? 1 : 3);
  return width;
}

}  // namespace pipetop

#include "ncurses_canvas.hpp"

#include <ncurses.h>

#include <array>
#include <cstdint>
#include <string>

#include "pipetop/ui/theme.hpp"

namespace pipetop {
namespace {

// A Color's colour pair: 1 + its index (pair 0 is the terminal's own colours).
short pair_of(Color color) {
  return static_cast<short>(static_cast<int>(color) + 1);
}

std::size_t style_index(Style style) {
  return static_cast<std::size_t>(static_cast<int>(style.color) * 4 + (style.bold ? 2 : 0) + (style.reverse ? 1 : 0));
}

// `utf8` as one wchar_t a code point into `out`; a malformed or cut sequence gives a '?' for its lead byte.
void decode_utf8(std::string_view utf8, std::wstring& out) {
  constexpr std::array<unsigned char, 4> kLeadBits{0x7F, 0x1F, 0x0F, 0x07};
  out.clear();
  std::size_t i = 0;
  while (i < utf8.size()) {
    const auto lead = static_cast<unsigned char>(utf8[i]);
    const std::size_t extra = lead < 0x80             ? 0
                              : (lead & 0xE0) == 0xC0 ? 1
                              : (lead & 0xF0) == 0xE0 ? 2
                              : (lead & 0xF8) == 0xF0 ? 3
                                                      : kLeadBits.size();
    bool ok = extra < kLeadBits.size() && i + extra < utf8.size();
    std::uint32_t code = ok ? lead & kLeadBits[extra] : 0;
    for (std::size_t k = 1; ok && k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(utf8[i + k]);
      ok = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3FU);
    }
    out.push_back(ok ? static_cast<wchar_t>(code) : L'?');
    i += ok ? extra + 1 : 1;
  }
}

}  // namespace

NcursesCanvas::NcursesCanvas(bool unicode, ColorDepth depth, ThemeName theme)
    : unicode_(unicode), depth_(depth), theme_(theme) {
  resolve_attributes();
}

void NcursesCanvas::resolve_attributes() {
  for (const Color color : kColors) {
    for (const bool bold : {false, true}) {
      for (const bool reverse : {false, true})
        attributes_[style_index({color, bold, reverse})] = attributes({color, bold, reverse});
    }
  }
}

void NcursesCanvas::apply_theme(ThemeName theme) {
  theme_ = theme;
  resolve_attributes();
  if (depth_ == ColorDepth::none) return;
  for (const Color color : kColors) {
    const CellLook look = resolve_look(theme_, {color}, depth_);
    init_pair(pair_of(color), look.fg, look.bg);
  }
  bkgd(static_cast<chtype>(COLOR_PAIR(pair_of(Color::normal))));
  redrawwin(stdscr);
}

int NcursesCanvas::width() const {
  return COLS;
}
int NcursesCanvas::height() const {
  return LINES;
}

int NcursesCanvas::attributes(Style style) const {
  const CellLook look = resolve_look(theme_, style, depth_);
  int attr = depth_ != ColorDepth::none ? static_cast<int>(COLOR_PAIR(pair_of(style.color))) : 0;
  if (look.bold) attr |= static_cast<int>(A_BOLD);
  if (look.dim) attr |= static_cast<int>(A_DIM);
  if (look.reverse) attr |= static_cast<int>(A_REVERSE);
  return attr;
}

int NcursesCanvas::text(int x, int y, std::string_view given, Style style) {
  const std::string ascii = unicode_ ? std::string() : to_ascii(given);
  const std::string_view utf8 = unicode_ ? given : std::string_view(ascii);
  const int cells = text_width(utf8);
  if (y < 0 || y >= LINES || x >= COLS || x + cells <= 0) return cells;
  // Skip the cells left of the screen, cut those right of it.
  std::string_view visible = utf8;
  int start = x;
  while (start < 0 && !visible.empty()) {
    visible.remove_prefix(fit_prefix(visible, 1).size());
    ++start;
  }
  visible = fit_prefix(visible, COLS - start);
  wattrset(stdscr, attributes_[style_index(style)]);
  decode_utf8(visible, wide_);
  mvaddnwstr(y, start, wide_.data(), static_cast<int>(wide_.size()));
  wattrset(stdscr, 0);
  return cells;
}

}  // namespace pipetop

#include "ncurses_canvas.hpp"

#include <ncurses.h>

#include <string>

#include "pipetop/ui/theme.hpp"

namespace pipetop {
namespace {

// A Color's colour pair: 1 + its index (pair 0 is the terminal's own colours).
short pair_of(Color color) {
  return static_cast<short>(static_cast<int>(color) + 1);
}

}  // namespace

NcursesCanvas::NcursesCanvas(bool unicode, ColorDepth depth, ThemeName theme)
    : unicode_(unicode), depth_(depth), theme_(theme) {}

void NcursesCanvas::apply_theme(ThemeName theme) {
  theme_ = theme;
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
  wattrset(stdscr, attributes(style));
  mvaddnstr(y, start, visible.data(), static_cast<int>(visible.size()));
  wattrset(stdscr, 0);
  return cells;
}

}  // namespace pipetop

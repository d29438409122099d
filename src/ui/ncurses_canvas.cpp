#include "ncurses_canvas.hpp"

#include <ncurses.h>

#include <array>
#include <string>

namespace pipetop {
namespace {

struct Pair {
  Color color;
  short foreground;
  bool dim;
};

// Colours that stay legible on a projector: no dark blue on black, dim only for secondary text.
constexpr std::array<Pair, 10> kPairs{{{Color::normal, -1, false},
                                      {Color::dim, -1, true},
                                      {Color::title, COLOR_CYAN, false},
                                      {Color::accent, COLOR_YELLOW, false},
                                      {Color::good, COLOR_GREEN, false},
                                      {Color::warn, COLOR_YELLOW, false},
                                      {Color::bad, COLOR_RED, false},
                                      {Color::chart, COLOR_GREEN, false},
                                      {Color::chart_dim, COLOR_GREEN, true},
                                      {Color::marker, COLOR_MAGENTA, false}}};

}  // namespace

NcursesCanvas::NcursesCanvas(bool unicode, bool color) : unicode_(unicode), color_(color) {}

void NcursesCanvas::init_colors() const {
  if (!color_) return;
  start_color();
  use_default_colors();
  for (std::size_t i = 0; i < kPairs.size(); ++i) {
    init_pair(static_cast<short>(i + 1), kPairs[i].foreground, -1);
  }
}

int NcursesCanvas::width() const { return COLS; }
int NcursesCanvas::height() const { return LINES; }

int NcursesCanvas::attributes(Style style) const {
  const auto index = static_cast<std::size_t>(style.color);
  int attr = color_ ? static_cast<int>(COLOR_PAIR(static_cast<int>(index + 1))) : 0;
  if (kPairs[index].dim) attr |= static_cast<int>(A_DIM);
  if (!color_ && (style.color == Color::bad || style.color == Color::warn)) attr |= static_cast<int>(A_BOLD);
  if (style.bold) attr |= static_cast<int>(A_BOLD);
  if (style.reverse) attr |= static_cast<int>(A_REVERSE);
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

#pragma once
// The canvas that puts cells on the terminal through ncurses (private to the ui layer), in the
// colours of a theme (ui/theme.hpp).

#include <array>
#include <string>

#include "pipetop/core/screen/theme_name.hpp"
#include "pipetop/ui/canvas.hpp"
#include "pipetop/ui/color_depth.hpp"

namespace pipetop {

class NcursesCanvas final : public Canvas {
 public:
  // `depth` as colours were started (ColorDepth::none: curses colours never started).
  NcursesCanvas(bool unicode, ColorDepth depth, ThemeName theme);
  [[nodiscard]] int width() const override;
  [[nodiscard]] int height() const override;
  [[nodiscard]] bool unicode() const override { return unicode_; }
  int text(int x, int y, std::string_view utf8, Style style = {}) override;

  // Makes `theme` the one drawn with: a colour pair per Color, the screen's background (which a
  // light or high-contrast theme paints on every cell), and a full repaint at the next refresh.
  // Call once curses has started.
  void apply_theme(ThemeName theme);
  [[nodiscard]] ThemeName theme() const { return theme_; }

 private:
  [[nodiscard]] int attributes(Style style) const;
  void resolve_attributes();

  // Each style's curses attributes in the theme (index: colour, then bold, then reverse): a frame
  // draws thousands of cells in a dozen styles.
  std::array<int, kColors.size() * 4> attributes_{};
  std::wstring wide_;  // the text being drawn, one wchar_t a code point (ncurses' own conversion costs more)
  bool unicode_;
  ColorDepth depth_;
  ThemeName theme_;
};

}  // namespace pipetop

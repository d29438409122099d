#pragma once
// What each Color of the canvas looks like in each theme — foreground, background, bold, dim — as
// terminal colour numbers (0–7 the basic colours, 16–255 the 256-colour palette, -1 the terminal's
// own), so a theme is plain data that tests can read and the ncurses canvas only translates.
//
// dark: the terminal's own background, the colours pipetop always had. light: dark text on a white
// background that the theme paints on every cell, whatever the terminal's own is. high contrast:
// bright, mostly bold text on a painted black background, for projectors; nothing that carries
// information is dimmed.

#include "pipetop/core/screen/theme_name.hpp"
#include "pipetop/ui/canvas.hpp"
#include "pipetop/ui/color_depth.hpp"

namespace pipetop {

inline constexpr short kTerminalColor = -1;  // the terminal's own foreground or background

// A colour at each depth: from the 256-colour palette, and one of the 8 basic colours otherwise.
struct ThemeColor {
  short full = kTerminalColor;
  short basic = kTerminalColor;
  friend bool operator==(const ThemeColor&, const ThemeColor&) = default;
};

struct Look {
  ThemeColor fg;
  ThemeColor bg;
  bool bold = false;
  bool dim = false;
};

// How `color` looks in `theme` on a terminal with colours.
[[nodiscard]] Look theme_look(ThemeName theme, Color color);

// A cell's colours and attributes, resolved for one depth.
struct CellLook {
  short fg = kTerminalColor;
  short bg = kTerminalColor;
  bool bold = false;
  bool dim = false;
  bool reverse = false;
};

// What a cell drawn with `style` gets at `depth`: the theme's colours for that depth, its bold and
// dim, and the style's bold and reverse. Without colour: the terminal's own colours, with attributes
// doing the colours' work — warn and bad bold, secondary text (dim, chart_dim) dimmed, except in
// high contrast, which dims nothing.
[[nodiscard]] CellLook resolve_look(ThemeName theme, Style style, ColorDepth depth);

}  // namespace pipetop

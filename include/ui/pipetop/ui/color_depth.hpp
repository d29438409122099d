#pragma once
// How many colours the dashboard may use: none (a monochrome terminal, or NO_COLOR), the 8 basic
// ones, or the 256-colour palette.

namespace pipetop {

enum class ColorDepth { none, basic, full };

// Whether the NO_COLOR convention (no-color.org) asks for no colour: the variable's value is set and
// not empty. `value` is getenv("NO_COLOR"), nullptr when unset.
[[nodiscard]] bool no_color_requested(const char* value);

// The depth for a terminal that reports `colors` colours (curses' COLORS once colours started):
// 256 or more full, 8 or more basic, fewer none.
[[nodiscard]] ColorDepth color_depth(int colors);

}  // namespace pipetop

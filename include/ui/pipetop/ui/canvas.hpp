#pragma once
// What widgets draw on: a grid of cells, each holding one glyph (UTF-8) and a style. The ncurses
// canvas puts it on the terminal; the text canvas keeps it in memory, so every widget is testable as
// text. Widgets never see ncurses.

#include <array>
#include <string>
#include <string_view>

namespace pipetop {

// side_a and side_b: the two sides of an A/B (the chart's shading, the readout's figures).
enum class Color { normal, dim, title, accent, good, warn, bad, chart, chart_dim, marker, side_a, side_b };

// Every Color, in the order declared: each theme maps each one (ui/theme.hpp).
inline constexpr std::array kColors{Color::normal,    Color::dim,    Color::title,  Color::accent,
                                    Color::good,      Color::warn,   Color::bad,    Color::chart,
                                    Color::chart_dim, Color::marker, Color::side_a, Color::side_b};

struct Style {
  Color color = Color::normal;
  bool bold = false;
  bool reverse = false;
};

class Canvas {
 public:
  virtual ~Canvas() = default;
  [[nodiscard]] virtual int width() const = 0;
  [[nodiscard]] virtual int height() const = 0;
  [[nodiscard]] virtual bool unicode() const = 0;  // braille and box drawing can be shown
  // Writes `utf8` from (x, y), one code point per cell, clipped to the canvas. Returns the number of
  // cells the text takes (clipped or not), so callers can lay out what follows.
  virtual int text(int x, int y, std::string_view utf8, Style style = {}) = 0;
};

// `utf8` with every non-ASCII glyph replaced by an ASCII stand-in ("→" "->", "·" "|", "×" "x",
// "—" "-", box drawing "+-|:", braille "#", anything else "?"). Canvases without unicode apply it to
// everything they are given, so no widget can leak a byte a plain terminal would mangle.
[[nodiscard]] std::string to_ascii(std::string_view utf8);

// Number of cells `utf8` takes: one per code point.
[[nodiscard]] int text_width(std::string_view utf8);

// The first `cells` code points of `utf8`.
[[nodiscard]] std::string_view fit_prefix(std::string_view utf8, int cells);

// Draws `utf8` in at most `cells` cells, ending with "…" ("~" without unicode) when cut. Returns the
// cells used.
int draw_clipped(Canvas& canvas, int x, int y, std::string_view utf8, int cells, Style style = {});

}  // namespace pipetop

#include "pipetop/ui/theme.hpp"

namespace pipetop {
namespace {

// Every Color is in kColors, at its own index (each switch below names every Color: -Wswitch).
static_assert([] {
  for (std::size_t i = 0; i < kColors.size(); ++i) {
    if (static_cast<std::size_t>(kColors[i]) != i) return false;
  }
  return true;
}());

// The basic colours' numbers (ANSI, and curses' COLOR_BLACK..COLOR_WHITE).
constexpr short kBlack = 0;
constexpr short kRed = 1;
constexpr short kGreen = 2;
constexpr short kYellow = 3;
constexpr short kBlue = 4;
constexpr short kMagenta = 5;
constexpr short kCyan = 6;
constexpr short kWhite = 7;

constexpr ThemeColor basic(short c) {
  return {c, c};
}
constexpr Look on_terminal(short fg, bool dim = false) {
  return {basic(fg), {}, false, dim};
}

// No dark blue on black; dim only for secondary text.
Look dark(Color color) {
  switch (color) {
    case Color::normal:
      return on_terminal(kTerminalColor);
    case Color::dim:
      return on_terminal(kTerminalColor, true);
    case Color::title:
      return on_terminal(kCyan);
    case Color::accent:
      return on_terminal(kYellow);
    case Color::good:
      return on_terminal(kGreen);
    case Color::warn:
      return on_terminal(kYellow);
    case Color::bad:
      return on_terminal(kRed);
    case Color::chart:
      return on_terminal(kGreen);
    case Color::chart_dim:
      return on_terminal(kGreen, true);
    case Color::marker:
      return on_terminal(kMagenta);
    case Color::side_a:
      return on_terminal(kGreen);
    case Color::side_b:
      return on_terminal(kCyan);
  }
  return {};
}

// On white: text at least 4.5:1 (secondary text a grey, not dimmed), no yellow or cyan text; with
// 8 colours the paper is the terminal's white (light grey in most palettes).
Look light(Color color) {
  constexpr ThemeColor paper{231, kWhite};
  const auto ink = [&paper](short full, short fallback) { return Look{{full, fallback}, paper, false, false}; };
  switch (color) {
    case Color::normal:
      return ink(235, kBlack);
    case Color::dim:
      return ink(242, kBlack);
    case Color::title:
      return ink(25, kBlue);
    case Color::accent:
      return ink(130, kMagenta);
    case Color::good:
      return ink(28, kGreen);
    case Color::warn:
      return ink(130, kMagenta);
    case Color::bad:
      return ink(160, kRed);
    case Color::chart:
      return ink(22, kGreen);
    case Color::chart_dim:
      return ink(34, kGreen);
    case Color::marker:
      return ink(127, kMagenta);
    case Color::side_a:
      return ink(22, kGreen);
    case Color::side_b:
      return ink(24, kBlue);
  }
  return {};
}

// On black: bright colours, bold for everything but the secondary text and the chart's range, which
// are told apart by colour, never dimmed.
Look high_contrast(Color color) {
  constexpr ThemeColor black{16, kBlack};
  const auto bright = [&black](short full, short fallback, bool bold = true) {
    return Look{{full, fallback}, black, bold, false};
  };
  switch (color) {
    case Color::normal:
      return bright(231, kWhite);
    case Color::dim:
      return bright(250, kWhite, false);
    case Color::title:
      return bright(51, kCyan);
    case Color::accent:
      return bright(226, kYellow);
    case Color::good:
      return bright(46, kGreen);
    case Color::warn:
      return bright(226, kYellow);
    case Color::bad:
      return bright(203, kRed);
    case Color::chart:
      return bright(46, kGreen);
    case Color::chart_dim:
      return bright(34, kGreen, false);
    case Color::marker:
      return bright(207, kMagenta);
    case Color::side_a:
      return bright(46, kGreen);
    case Color::side_b:
      return bright(51, kCyan);
  }
  return {};
}

}  // namespace

Look theme_look(ThemeName theme, Color color) {
  switch (theme) {
    case ThemeName::dark:
      return dark(color);
    case ThemeName::light:
      return light(color);
    case ThemeName::high_contrast:
      return high_contrast(color);
  }
  return dark(color);
}

CellLook resolve_look(ThemeName theme, Style style, ColorDepth depth) {
  const Look look = theme_look(theme, style.color);
  if (depth == ColorDepth::none) {
    const bool loud = style.color == Color::warn || style.color == Color::bad;
    const bool secondary = style.color == Color::dim || style.color == Color::chart_dim;
    return {kTerminalColor, kTerminalColor, look.bold || style.bold || loud,
            secondary && theme != ThemeName::high_contrast, style.reverse};
  }
  const auto pick = [depth](ThemeColor c) { return depth == ColorDepth::full ? c.full : c.basic; };
  return {pick(look.fg), pick(look.bg), look.bold || style.bold, look.dim, style.reverse};
}

}  // namespace pipetop

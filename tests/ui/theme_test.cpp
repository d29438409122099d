// Themes as values: every Color mapped in every theme at every depth, what each theme promises
// (dark: the terminal's own background and the colours pipetop always had; light: a painted white
// page with legible text; high contrast: a painted black page, nothing dimmed), monochrome, and
// NO_COLOR.

#include "pipetop/ui/theme.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

#include "pipetop/ui/color_depth.hpp"

namespace pipetop {
namespace {

constexpr std::array kDepths{ColorDepth::none, ColorDepth::basic, ColorDepth::full};

std::string name(ThemeName theme, Color color) {
  return std::string(to_string(theme)) + " colour " + std::to_string(static_cast<int>(color));
}

// xterm's 256-colour palette (16–255; the 16 system colours vary by terminal) as sRGB.
std::array<int, 3> xterm_rgb(short index) {
  if (index >= 232) {
    const int level = 8 + 10 * (index - 232);
    return {level, level, level};
  }
  constexpr std::array<int, 6> kSteps{0, 95, 135, 175, 215, 255};
  const int i = index - 16;
  return {kSteps[static_cast<std::size_t>(i / 36)], kSteps[static_cast<std::size_t>(i / 6 % 6)],
          kSteps[static_cast<std::size_t>(i % 6)]};
}

// WCAG's contrast ratio between two palette colours, 1 to 21.
double contrast(short a, short b) {
  const auto luminance = [](short index) {
    const std::array<int, 3> rgb = xterm_rgb(index);
    std::array<double, 3> linear{};
    for (std::size_t i = 0; i < 3; ++i) {
      const double c = rgb[i] / 255.0;
      linear[i] = c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  };
  const double la = luminance(a);
  const double lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

TEST(Theme, EveryColorIsMappedInEveryThemeAtEveryDepth) {
  for (std::size_t i = 0; i < kColors.size(); ++i) EXPECT_EQ(static_cast<std::size_t>(kColors[i]), i);
  for (const ThemeName theme : all_themes()) {
    for (const Color color : kColors) {
      const Look look = theme_look(theme, color);
      EXPECT_GE(look.fg.full, kTerminalColor) << name(theme, color);
      EXPECT_LE(look.fg.full, 255) << name(theme, color);
      EXPECT_GE(look.fg.basic, kTerminalColor) << name(theme, color);
      EXPECT_LE(look.fg.basic, 7) << name(theme, color) << ": basic colours are 0-7";
      EXPECT_LE(look.bg.basic, 7) << name(theme, color);
      for (const ColorDepth depth : {ColorDepth::basic, ColorDepth::full}) {
        const CellLook cell = resolve_look(theme, {color}, depth);
        if (cell.fg != kTerminalColor || cell.bg != kTerminalColor) {
          EXPECT_NE(cell.fg, cell.bg) << name(theme, color) << ": text the colour of its background";
        }
      }
    }
  }
}

TEST(Theme, DarkIsTheTerminalsOwnBackgroundWithTheColoursPipetopAlwaysHad) {
  struct Expected {
    Color color;
    short fg;
    bool dim;
  };
  const std::array<Expected, 10> kBefore{{{Color::normal, -1, false},
                                          {Color::dim, -1, true},
                                          {Color::title, 6, false},
                                          {Color::accent, 3, false},
                                          {Color::good, 2, false},
                                          {Color::warn, 3, false},
                                          {Color::bad, 1, false},
                                          {Color::chart, 2, false},
                                          {Color::chart_dim, 2, true},
                                          {Color::marker, 5, false}}};
  for (const Expected& e : kBefore) {
    for (const ColorDepth depth : {ColorDepth::basic, ColorDepth::full}) {
      const CellLook cell = resolve_look(ThemeName::dark, {e.color}, depth);
      EXPECT_EQ(cell.fg, e.fg) << name(ThemeName::dark, e.color);
      EXPECT_EQ(cell.bg, kTerminalColor) << name(ThemeName::dark, e.color);
      EXPECT_EQ(cell.dim, e.dim) << name(ThemeName::dark, e.color);
      EXPECT_FALSE(cell.bold) << name(ThemeName::dark, e.color);
    }
  }
}

TEST(Theme, LightAndHighContrastPaintEveryCellsBackground) {
  for (const ThemeName theme : {ThemeName::light, ThemeName::high_contrast}) {
    for (const ColorDepth depth : {ColorDepth::basic, ColorDepth::full}) {
      const short page = resolve_look(theme, {Color::normal}, depth).bg;
      EXPECT_NE(page, kTerminalColor) << to_string(theme);
      for (const Color color : kColors) {
        const CellLook cell = resolve_look(theme, {color}, depth);
        EXPECT_EQ(cell.bg, page) << name(theme, color);
        EXPECT_NE(cell.fg, kTerminalColor) << name(theme, color) << ": the terminal's own colour may be the page's";
      }
    }
  }
  EXPECT_EQ(resolve_look(ThemeName::light, {Color::normal}, ColorDepth::full).bg, 231) << "white";
  EXPECT_EQ(resolve_look(ThemeName::high_contrast, {Color::normal}, ColorDepth::full).bg, 16) << "black";
}

TEST(Theme, LightTextIsLegibleOnItsPage) {
  for (const Color color : kColors) {
    const CellLook cell = resolve_look(ThemeName::light, {color}, ColorDepth::full);
    // Text at WCAG AA (4.5:1); the chart's lowest-highest band is a graphic (3:1, within rounding).
    const double wanted = color == Color::chart_dim ? 2.9 : 4.5;
    EXPECT_GE(contrast(cell.fg, cell.bg), wanted) << name(ThemeName::light, color);
    EXPECT_FALSE(cell.dim) << name(ThemeName::light, color) << ": greys, not the terminal's dim";
  }
  const CellLook mean = resolve_look(ThemeName::light, {Color::chart}, ColorDepth::full);
  const CellLook band = resolve_look(ThemeName::light, {Color::chart_dim}, ColorDepth::full);
  EXPECT_GE(contrast(mean.fg, band.fg), 2.0) << "the chart's mean stands out from its band";
}

TEST(Theme, HighContrastIsBrightOnBlackAndDimsNothing) {
  for (const Color color : kColors) {
    for (const ColorDepth depth : kDepths) {
      EXPECT_FALSE(resolve_look(ThemeName::high_contrast, {color}, depth).dim) << name(ThemeName::high_contrast, color);
    }
    const CellLook cell = resolve_look(ThemeName::high_contrast, {color}, ColorDepth::full);
    EXPECT_GE(contrast(cell.fg, cell.bg), 7.0) << name(ThemeName::high_contrast, color) << ": WCAG AAA";
  }
  for (const Color color : {Color::normal, Color::title, Color::good, Color::bad, Color::chart, Color::marker}) {
    EXPECT_TRUE(theme_look(ThemeName::high_contrast, color).bold) << name(ThemeName::high_contrast, color);
  }
  const CellLook mean = resolve_look(ThemeName::high_contrast, {Color::chart, true}, ColorDepth::basic);
  const CellLook band = resolve_look(ThemeName::high_contrast, {Color::chart_dim}, ColorDepth::basic);
  EXPECT_TRUE(mean.bold && !band.bold) << "with 8 colours the mean and the band differ by weight";
}

TEST(Theme, StylesKeepTheirBoldAndReverse) {
  for (const ThemeName theme : all_themes()) {
    for (const ColorDepth depth : kDepths) {
      const CellLook cell = resolve_look(theme, {Color::title, true, true}, depth);
      EXPECT_TRUE(cell.bold && cell.reverse) << to_string(theme);
      EXPECT_FALSE(resolve_look(theme, {Color::title}, depth).reverse) << to_string(theme);
    }
  }
}

TEST(Theme, MonochromeUsesAttributesForWhatColoursWouldSay) {
  for (const ThemeName theme : all_themes()) {
    for (const Color color : kColors) {
      const CellLook cell = resolve_look(theme, {color}, ColorDepth::none);
      EXPECT_EQ(cell.fg, kTerminalColor) << name(theme, color);
      EXPECT_EQ(cell.bg, kTerminalColor) << name(theme, color) << ": no page without colours";
    }
    EXPECT_TRUE(resolve_look(theme, {Color::bad}, ColorDepth::none).bold) << to_string(theme);
    EXPECT_TRUE(resolve_look(theme, {Color::warn}, ColorDepth::none).bold) << to_string(theme);
  }
  for (const ThemeName theme : {ThemeName::dark, ThemeName::light}) {
    EXPECT_TRUE(resolve_look(theme, {Color::dim}, ColorDepth::none).dim) << to_string(theme);
    EXPECT_TRUE(resolve_look(theme, {Color::chart_dim}, ColorDepth::none).dim) << to_string(theme);
    EXPECT_FALSE(resolve_look(theme, {Color::normal}, ColorDepth::none).bold) << to_string(theme);
  }
  EXPECT_TRUE(resolve_look(ThemeName::high_contrast, {Color::normal}, ColorDepth::none).bold);
}

TEST(ColorDepth, NoColorCountsOnlyWhenSetAndNotEmpty) {
  EXPECT_FALSE(no_color_requested(nullptr));
  EXPECT_FALSE(no_color_requested(""));
  EXPECT_TRUE(no_color_requested("1"));
  EXPECT_TRUE(no_color_requested("0")) << "any value at all";
  EXPECT_TRUE(no_color_requested("false"));
}

TEST(ColorDepth, FromTheTerminalsColourCount) {
  EXPECT_EQ(color_depth(0), ColorDepth::none);
  EXPECT_EQ(color_depth(2), ColorDepth::none);
  EXPECT_EQ(color_depth(8), ColorDepth::basic);
  EXPECT_EQ(color_depth(16), ColorDepth::basic);
  EXPECT_EQ(color_depth(88), ColorDepth::basic);
  EXPECT_EQ(color_depth(256), ColorDepth::full);
  EXPECT_EQ(color_depth(16'777'216), ColorDepth::full);
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/screen/dot_grid.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pipetop {
namespace {

// The UTF-8 of a code point in U+0800..U+FFFF.
std::string utf8(unsigned cp) {
  std::string out;
  out += static_cast<char>(0xE0 | (cp >> 12));
  out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out += static_cast<char>(0x80 | (cp & 0x3F));
  return out;
}

std::string one_cell(std::initializer_list<std::pair<int, int>> dots, bool braille) {
  DotGrid g(1, 1);
  for (const auto& [x, y] : dots) g.set(x, y);
  return g.glyph(0, 0, braille);
}

TEST(DotGrid, Dimensions) {
  const DotGrid g(7, 3);
  EXPECT_EQ(g.dot_columns(), 14);
  EXPECT_EQ(g.dot_rows(), 12);
  const DotGrid none(-2, -1);
  EXPECT_EQ(none.dot_columns(), 0);
  EXPECT_EQ(none.dot_rows(), 0);
  EXPECT_TRUE(none.empty(0, 0));
}

TEST(DotGrid, BlankCellIsASpace) {
  const DotGrid g(2, 2);
  EXPECT_TRUE(g.empty(1, 1));
  EXPECT_EQ(g.glyph(1, 1, true), " ");
  EXPECT_EQ(g.glyph(1, 1, false), " ");
}

TEST(DotGrid, BrailleCodePointsOfSingleDots) {
  // Braille dot numbering: 1 2 3 7 down the left column, 4 5 6 8 down the right.
  EXPECT_EQ(one_cell({{0, 0}}, true), "⠁");  // U+2801 dot 1
  EXPECT_EQ(one_cell({{0, 0}}, true), utf8(0x2801));
  EXPECT_EQ(one_cell({{0, 1}}, true), utf8(0x2802));
  EXPECT_EQ(one_cell({{0, 2}}, true), utf8(0x2804));
  EXPECT_EQ(one_cell({{0, 3}}, true), utf8(0x2840));  // dot 7
  EXPECT_EQ(one_cell({{1, 0}}, true), utf8(0x2808));
  EXPECT_EQ(one_cell({{1, 1}}, true), utf8(0x2810));
  EXPECT_EQ(one_cell({{1, 2}}, true), utf8(0x2820));
  EXPECT_EQ(one_cell({{1, 3}}, true), utf8(0x2880));  // dot 8
}

TEST(DotGrid, BrailleCodePointsOfPatterns) {
  EXPECT_EQ(one_cell({{0, 0}, {0, 1}, {0, 2}, {0, 3}}, true), "⡇");                                  // U+2847
  EXPECT_EQ(one_cell({{1, 0}, {1, 1}, {1, 2}, {1, 3}}, true), "⢸");                                  // U+28B8
  EXPECT_EQ(one_cell({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}}, true), "⣿");  // U+28FF
  EXPECT_EQ(one_cell({{0, 3}, {1, 3}}, true), "⣀");                                                  // U+28C0
  EXPECT_EQ(one_cell({{0, 0}, {1, 0}}, true), "⠉");                                                  // U+2809
}

TEST(DotGrid, EveryPatternIsBrailleOfItsMask) {
  // All 256 patterns map to U+2800 + the standard bit order.
  constexpr unsigned kBits[2][4] = {{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}};
  for (unsigned mask = 1; mask < 256; ++mask) {
    DotGrid g(1, 1);
    unsigned expected = 0;
    for (int x = 0; x < 2; ++x) {
      for (int y = 0; y < 4; ++y) {
        const unsigned bit = kBits[x][y];
        if ((mask & (1U << static_cast<unsigned>(x * 4 + y))) != 0) {
          g.set(x, y);
          expected |= bit;
        }
      }
    }
    ASSERT_EQ(g.glyph(0, 0, true), utf8(0x2800U + expected)) << mask;
    ASSERT_FALSE(g.empty(0, 0));
    const std::string ascii = g.glyph(0, 0, false);
    ASSERT_EQ(ascii.size(), 1U);
    ASSERT_NE(std::string("'.:|").find(ascii[0]), std::string::npos) << mask << " -> " << ascii;
  }
}

TEST(DotGrid, AsciiApproximations) {
  EXPECT_EQ(one_cell({{0, 0}}, false), "'");
  EXPECT_EQ(one_cell({{1, 1}}, false), "'");
  EXPECT_EQ(one_cell({{0, 3}}, false), ".");
  EXPECT_EQ(one_cell({{1, 2}}, false), ".");
  EXPECT_EQ(one_cell({{0, 0}, {0, 1}, {0, 2}, {0, 3}}, false), "|");  // a full bar
  EXPECT_EQ(one_cell({{1, 0}, {1, 3}}, false), "|");
  EXPECT_EQ(one_cell({{0, 1}, {0, 2}}, false), ":");  // the middle only
}

TEST(DotGrid, CellsAreAddressedByDotPosition) {
  DotGrid g(3, 2);
  g.set(3, 5);  // cell (1, 1), right column, second row
  EXPECT_TRUE(g.empty(0, 0));
  EXPECT_TRUE(g.empty(1, 0));
  EXPECT_FALSE(g.empty(1, 1));
  EXPECT_EQ(g.glyph(1, 1, true), utf8(0x2810));
  g.set(5, 7);  // the last dot
  EXPECT_EQ(g.glyph(2, 1, true), utf8(0x2880));
}

TEST(DotGrid, OutsideIsIgnored) {
  DotGrid g(2, 2);
  g.set(-1, 0);
  g.set(0, -1);
  g.set(4, 0);
  g.set(0, 8);
  for (int x = 0; x < 2; ++x) {
    for (int y = 0; y < 2; ++y) EXPECT_TRUE(g.empty(x, y));
  }
  EXPECT_TRUE(g.empty(5, 5));
  EXPECT_EQ(g.glyph(-1, 0, true), " ");
  EXPECT_EQ(g.glyph(2, 0, false), " ");
}

TEST(DotGrid, VerticalInEitherOrderAcrossCells) {
  DotGrid a(1, 3);
  a.vertical(0, 2, 9);
  DotGrid b(1, 3);
  b.vertical(0, 9, 2);
  for (int y = 0; y < 3; ++y) EXPECT_EQ(a.glyph(0, y, true), b.glyph(0, y, true)) << y;
  EXPECT_EQ(a.glyph(0, 0, true), utf8(0x2800 + 0x04 + 0x40));                // dots at rows 2, 3
  EXPECT_EQ(a.glyph(0, 1, true), utf8(0x2800 + 0x01 + 0x02 + 0x04 + 0x40));  // the whole left column
  EXPECT_EQ(a.glyph(0, 2, true), utf8(0x2800 + 0x01 + 0x02));                // rows 8, 9
  // Clipped at the edges.
  DotGrid c(1, 1);
  c.vertical(1, -5, 50);
  EXPECT_EQ(c.glyph(0, 0, true), "⢸");
}

}  // namespace
}  // namespace pipetop

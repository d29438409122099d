// The canvas helpers and the in-memory canvas the other UI tests read back.

#include "pipetop/ui/canvas.hpp"

#include <gtest/gtest.h>

#include <string>

#include "pipetop/ui/text_canvas.hpp"

namespace pipetop {
namespace {

TEST(Canvas, TextWidthCountsCodePoints) {
  EXPECT_EQ(text_width(""), 0);
  EXPECT_EQ(text_width("abc"), 3);
  EXPECT_EQ(text_width("cpu 0→1"), 7);
  EXPECT_EQ(text_width("⣿⣿"), 2);
  EXPECT_EQ(text_width("×20.0"), 5);
}

TEST(Canvas, FitPrefixKeepsWholeCodePoints) {
  EXPECT_EQ(fit_prefix("a→bc", 2), "a→");
  EXPECT_EQ(fit_prefix("a→bc", 0), "");
  EXPECT_EQ(fit_prefix("a→bc", 10), "a→bc");
  EXPECT_EQ(fit_prefix("→→→", 1), "→");
}

TEST(TextCanvas, WritesCellsAndReadsThemBack) {
  TextCanvas c(10, 3);
  EXPECT_EQ(c.width(), 10);
  EXPECT_EQ(c.height(), 3);
  EXPECT_TRUE(c.unicode());
  EXPECT_EQ(c.text(2, 1, "a→b", {Color::warn, true, false}), 3);
  EXPECT_EQ(c.line(1), "  a→b     ");
  EXPECT_EQ(c.glyph_at(3, 1), "→");
  EXPECT_EQ(c.style_at(3, 1).color, Color::warn);
  EXPECT_TRUE(c.style_at(3, 1).bold);
  EXPECT_EQ(c.style_at(0, 1).color, Color::normal);
  EXPECT_EQ(c.writes_at(2, 1), 1);
  EXPECT_EQ(c.writes_at(5, 1), 0);
  c.text(2, 1, "x");
  EXPECT_EQ(c.writes_at(2, 1), 2);
  EXPECT_EQ(c.dump(), "\n  x→b\n\n");
  EXPECT_FALSE(TextCanvas(1, 1, false).unicode());
}

TEST(TextCanvas, ClipsButCountsEveryCell) {
  TextCanvas c(5, 2);
  EXPECT_EQ(c.text(3, 0, "abcdef"), 6);
  EXPECT_EQ(c.line(0), "   ab");
  EXPECT_EQ(c.text(-2, 1, "xyz"), 3);
  EXPECT_EQ(c.line(1), "z    ");
  EXPECT_EQ(c.text(0, 5, "hidden"), 6);
  EXPECT_EQ(c.text(0, -1, "hidden"), 6);
  EXPECT_EQ(c.dump(), "   ab\nz\n");
}

TEST(Canvas, DrawClippedEndsWithAnEllipsis) {
  TextCanvas c(20, 3);
  EXPECT_EQ(draw_clipped(c, 0, 0, "huge pages verified", 8), 8);
  EXPECT_EQ(c.line(0).substr(0, std::string("huge pa…").size()), "huge pa…");
  EXPECT_EQ(c.glyph_at(8, 0), " ");
  EXPECT_EQ(draw_clipped(c, 0, 1, "short", 8), 5);
  EXPECT_EQ(draw_clipped(c, 0, 2, "nothing", 0), 0);
  EXPECT_EQ(c.line(2), std::string(20, ' '));
  TextCanvas a(20, 1, false);
  draw_clipped(a, 0, 0, "huge pages verified", 8);
  EXPECT_EQ(a.line(0).substr(0, 8), "huge pa~");
}

}  // namespace
}  // namespace pipetop

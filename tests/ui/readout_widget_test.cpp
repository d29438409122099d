// The readout beside the chart: the big current GiB/s and the current segment's statistics.

#include <gtest/gtest.h>

#include <string>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

const Rect kTall{0, 0, 28, 16};

TEST(Readout, BigDigitsForTheCurrentRate) {
  const Scene& s = shared_standard_scene();
  TextCanvas c(kTall.w, kTall.h);
  draw_readout(c, kTall, s.model());
  EXPECT_EQ(cells(c, 1, 0, 9), "GiB/s now");
  // "40.0" in the block font, three rows.
  EXPECT_EQ(cells(c, 1, 1, 13), "█ █ █▀█   █▀█") << c.dump();
  EXPECT_EQ(cells(c, 1, 2, 13), "▀▀█ █ █   █ █");
  EXPECT_EQ(cells(c, 1, 3, 13), "  █ █▄█ ▄ █▄█");
  EXPECT_EQ(c.style_at(1, 1).color, Color::good);
  EXPECT_TRUE(c.style_at(1, 1).bold);
  for (int y = 1; y <= 3; ++y) EXPECT_FALSE(has(c.line(y), "40.0")) << y;
}

TEST(Readout, StatisticsOfTheCurrentSegment) {
  const Scene& s = shared_standard_scene();
  TextCanvas c(kTall.w, kTall.h);
  draw_readout(c, kTall, s.model());
  const int since = row_of(c, "since +splice");
  ASSERT_GE(since, 0) << c.dump();
  EXPECT_EQ(since, 5);  // after the big digits and a blank row
  EXPECT_EQ(c.style_at(1, since).color, Color::marker);
  // The segment: 25 s at 40 GiB/s with one 10 ms stall, so its mean still rounds to 40.0.
  EXPECT_EQ(cells(c, 1, since + 1, 4), "mean");
  EXPECT_EQ(cells(c, 10, since + 1, 4), "40.0");
  EXPECT_EQ(cells(c, 1, since + 2, 6), "p5/p95");
  EXPECT_EQ(cells(c, 10, since + 2, 11), "40.0 / 40.0");
  EXPECT_EQ(cells(c, 1, since + 3, 8), "vs first");
  // Against the first segment's 2 GiB/s.
  EXPECT_EQ(cells(c, 10, since + 3, 5), "×20.0");
  EXPECT_EQ(c.style_at(10, since + 3).color, Color::accent);
}

TEST(Readout, PlainFigureWhenShort) {
  const Scene& s = shared_standard_scene();
  const Rect area{0, 0, 22, 8};
  TextCanvas c(area.w, area.h);
  draw_readout(c, area, s.model());
  EXPECT_EQ(cells(c, 1, 1, 5), "40.0 ") << c.dump();
  EXPECT_FALSE(has(c.dump(), "█"));
  EXPECT_TRUE(has(c.dump(), "mean"));
  // Lines that do not fit are left out, never drawn below the area.
  TextCanvas tiny(22, 12);
  draw_readout(tiny, Rect{0, 0, 22, 5}, s.model());
  for (int y = 5; y < 12; ++y) EXPECT_EQ(tiny.line(y), std::string(22, ' ')) << y;
}

TEST(Readout, TwoDecimalsBelowTen) {
  Scene s;
  SyntheticRun run(s.history);
  RunConfig c;
  run.begin(kStart, c);
  run.run(5 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now(), c);
  run.run(5 * kSec, 8.0);
  s.now_ns = run.now();
  TextCanvas canvas(22, 8);
  draw_readout(canvas, Rect{0, 0, 22, 8}, s.model());
  EXPECT_EQ(cells(canvas, 1, 1, 4), "8.00") << canvas.dump();
  EXPECT_TRUE(has(canvas.dump(), "since +vmsplice"));
  EXPECT_TRUE(has(canvas.dump(), "p5/p95   8.00 / 8.00"));
  EXPECT_TRUE(has(canvas.dump(), "vs first ×4.0"));
}

TEST(Readout, FirstSegmentIsItsOwnBaseline) {
  Scene s;
  SyntheticRun run(s.history);
  run.begin(kStart, RunConfig{});
  run.run(3 * kSec, 2.5);
  s.now_ns = run.now();
  TextCanvas c(kTall.w, kTall.h);
  draw_readout(c, kTall, s.model());
  EXPECT_TRUE(has(c.dump(), "since write/read")) << c.dump();
  EXPECT_TRUE(has(c.dump(), "mean     2.50"));
  EXPECT_TRUE(has(c.dump(), "vs first ×1.0"));
}

TEST(Readout, DashesWithoutData) {
  Scene empty;
  TextCanvas c(kTall.w, kTall.h);
  draw_readout(c, kTall, empty.model());
  EXPECT_EQ(cells(c, 1, 0, 9), "GiB/s now");
  EXPECT_EQ(cells(c, 1, 1, 2), "— ");
  EXPECT_FALSE(has(c.dump(), "█"));
  EXPECT_TRUE(has(c.dump(), "mean     —")) << c.dump();
  EXPECT_TRUE(has(c.dump(), "p5/p95   —"));
  EXPECT_FALSE(has(c.dump(), "vs first"));
  EXPECT_FALSE(has(c.dump(), "since"));
  // A segment begun, no interval yet: still dashes, and the segment named.
  Scene begun;
  SyntheticRun run(begun.history);
  run.begin(kStart, RunConfig{});
  begun.now_ns = run.now();
  TextCanvas b(kTall.w, kTall.h);
  draw_readout(b, kTall, begun.model());
  EXPECT_EQ(cells(b, 1, 1, 1), "—");
  EXPECT_TRUE(has(b.dump(), "since write/read"));
  EXPECT_TRUE(has(b.dump(), "mean     —"));
}

TEST(Readout, AsciiDigitsAndTimes) {
  const Scene& s = shared_standard_scene();
  TextCanvas c(kTall.w, kTall.h, false);
  draw_readout(c, kTall, s.model());
  EXPECT_EQ(cells(c, 1, 1, 13), "# # ###   ###") << c.dump();
  EXPECT_EQ(cells(c, 1, 3, 13), "  # ### # ###");
  EXPECT_TRUE(has(c.dump(), "vs first x20.0"));
  EXPECT_TRUE(is_ascii(c.dump())) << c.dump();
}

TEST(Readout, WideFiguresFallBackToPlainText) {
  // 123.4 GiB/s in the big font takes 3+1+3+1+3+1+1+1+3 = 17 cells: it fits 28 wide, not 16.
  Scene s;
  SyntheticRun run(s.history);
  run.begin(kStart, RunConfig{});
  run.run(2 * kSec, 123.4);
  s.now_ns = run.now();
  TextCanvas wide(28, 16);
  draw_readout(wide, Rect{0, 0, 28, 16}, s.model());
  EXPECT_TRUE(has(wide.line(1), "█")) << wide.dump();
  TextCanvas narrow(16, 16);
  draw_readout(narrow, Rect{0, 0, 16, 16}, s.model());
  EXPECT_EQ(cells(narrow, 1, 1, 5), "123.4") << narrow.dump();
}

}  // namespace
}  // namespace pipetop

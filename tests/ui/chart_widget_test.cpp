// The chart rendered to text: envelope glyphs, axis, markers at configuration changes, log scale.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "model_fixture.hpp"
#include "pipetop/core/screen/chart_columns.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

// The chart's own geometry (chart_widget.cpp): a 6-cell axis column on the left, a blank column on
// the right, the unit and marker labels on the first row and the time axis on the last.
constexpr int kAxis = 7;  // chart_widget.cpp: labels of up to six cells and the axis line
const Rect kArea{0, 0, 80, 20};
const Rect kPlot{kArea.x + kAxis, kArea.y + 1, kArea.w - kAxis - 1, kArea.h - 2};

constexpr std::int64_t kT0 = 100 * kSec;

// write/read at 2 GiB/s from 100 s to 125 s, then "+vmsplice" at 40 GiB/s to 150 s with one 10 ms
// interval at zero at 140 s. The chart ends at 150 s, so its window starts at 90 s: the first segment
// starts inside it.
Scene chart_scene() {
  Scene s;
  SyntheticRun run(s.history);
  RunConfig c;
  run.begin(kT0, c);
  run.run(25 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now(), c);
  run.run(15 * kSec, 40.0);
  run.run(kTick, 0.0);
  run.run(10 * kSec - kTick, 40.0);
  s.state.config = c;
  s.now_ns = run.now();
  return s;
}

// The plot column showing time `t_ns`.
int column_at(const Scene& s, std::int64_t t_ns) {
  return kPlot.x + chart_span(s.now_ns, s.window_ns, 2 * kPlot.w).cell_of(t_ns, kPlot.w);
}

int braille_cells(const TextCanvas& c, const Rect& r) {
  int n = 0;
  for (int y = r.y; y < r.y + r.h; ++y) {
    for (int x = r.x; x < r.x + r.w; ++x) n += is_braille(c.glyph_at(x, y)) ? 1 : 0;
  }
  return n;
}

// The row of the axis label `label` (drawn right-aligned against the axis, whose cell shows a tick),
// or -1.
int tick_row(const TextCanvas& c, const std::string& label, bool unicode = true) {
  const int width = static_cast<int>(label.size());
  for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) {
    if (cells(c, kPlot.x - 1 - width, y, width) == label && c.glyph_at(kPlot.x - 2 - width, y) == " " &&
        c.glyph_at(kPlot.x - 1, y) == (unicode ? "┤" : "+")) {
      return y;
    }
  }
  return -1;
}

TEST(Chart, BrailleEnvelopeAxisAndUnit) {
  const Scene s = chart_scene();
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  EXPECT_GT(braille_cells(c, kPlot), 50) << c.dump();
  EXPECT_EQ(cells(c, 0, 0, 5), "GiB/s");
  // 40 GiB/s with headroom: a 0..50 scale in steps of 10.
  for (const std::string label : {"0", "10", "20", "30", "40", "50"}) {
    EXPECT_GE(tick_row(c, label), kPlot.y) << label << "\n" << c.dump();
  }
  EXPECT_EQ(tick_row(c, "50"), kPlot.y);
  EXPECT_EQ(tick_row(c, "0"), kPlot.y + kPlot.h - 1);
  // The axis line runs the whole plot height.
  for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) {
    const std::string& g = c.glyph_at(kPlot.x - 1, y);
    EXPECT_TRUE(g == "│" || g == "┤") << y << ": " << g;
  }
  // The time axis on the last row ends with "now".
  const std::string time_axis = c.line(kArea.h - 1);
  EXPECT_TRUE(has(time_axis, "-60s")) << time_axis;
  EXPECT_EQ(cells(c, kPlot.x + kPlot.w - 3, kArea.h - 1, 3), "now");
  // Nothing in the blank right-hand column.
  for (int y = 0; y < kArea.h; ++y) EXPECT_EQ(c.glyph_at(kArea.w - 1, y), " ") << y;
}

TEST(Chart, DataSitsAtItsValue) {
  const Scene s = chart_scene();
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  // 2 GiB/s on 0..50 sits on the bottom row; 40 GiB/s a fifth down from the top (dot row 14 of 72).
  const int low = column_at(s, kT0 + 10 * kSec);
  const int high = column_at(s, kT0 + 30 * kSec);
  EXPECT_TRUE(is_braille(c.glyph_at(low, kPlot.y + kPlot.h - 1))) << c.dump();
  for (int y = kPlot.y; y < kPlot.y + kPlot.h - 1; ++y) EXPECT_EQ(c.glyph_at(low, y), " ") << y;
  EXPECT_TRUE(is_braille(c.glyph_at(high, kPlot.y + 3))) << c.dump();
  for (int y = kPlot.y + 4; y < kPlot.y + kPlot.h; ++y) EXPECT_EQ(c.glyph_at(high, y), " ") << y;
  // Before the first sample (90 s to 100 s): nothing.
  const int before = column_at(s, 95 * kSec);
  for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) EXPECT_EQ(c.glyph_at(before, y), " ") << y;
}

// Issue 22 §1: the ceiling (memcpy of the buffer size) is a labelled line at its value where the axis holds it,
// and nothing where it is above the axis's top: a line on the top row would read as if the trace reached it.
TEST(Chart, TheCeilingIsALabelledLineWhereItFitsTheAxis) {
  Scene s = chart_scene();  // 0..50 GiB/s
  s.ceiling = Ceiling{256 * 1024, 0, 50'000'000, 14.2};
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  const int row = kPlot.y + static_cast<int>(std::lround((1.0 - 14.2 / 50) * (kPlot.h - 1)));
  EXPECT_EQ(row_of(c, "memcpy 14.2 GiB/s"), row) << c.dump();
  EXPECT_EQ(column_of(c, row, "memcpy 14.2 GiB/s"), kPlot.x + 2) << c.dump();
  EXPECT_EQ(c.glyph_at(kPlot.x + kPlot.w - 1, row), "┄") << "the line runs across the plot\n" << c.dump();

  s.ceiling->memcpy_gib_per_s = 70;  // above the 50 GiB/s top
  TextCanvas above(kArea.w, kArea.h);
  draw_chart(above, kArea, s.model());
  EXPECT_EQ(row_of(above, "memcpy"), -1) << above.dump();
  EXPECT_EQ(row_of(above, "┄"), -1) << above.dump();

  s.ceiling.reset();  // not measured: no line
  TextCanvas none(kArea.w, kArea.h);
  draw_chart(none, kArea, s.model());
  EXPECT_EQ(row_of(none, "memcpy"), -1) << none.dump();
}

TEST(Chart, AsciiCanvasDrawsOnlyAscii) {
  const Scene s = chart_scene();
  TextCanvas c(kArea.w, kArea.h, false);
  draw_chart(c, kArea, s.model());
  EXPECT_TRUE(is_ascii(c.dump())) << c.dump();
  int data = 0;
  for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) {
    for (int x = kPlot.x; x < kPlot.x + kPlot.w; ++x) {
      const std::string& g = c.glyph_at(x, y);
      ASSERT_EQ(g.size(), 1U);
      EXPECT_NE(std::string(" .:|'").find(g[0]), std::string::npos) << x << "," << y << " '" << g << "'";
      data += g != " " && g != ":" ? 1 : 0;
    }
  }
  EXPECT_GT(data, 50) << c.dump();
  EXPECT_GE(tick_row(c, "50", false), kPlot.y) << c.dump();
  EXPECT_EQ(c.glyph_at(kPlot.x - 1, kPlot.y + 1), "|");
}

TEST(Chart, MarkerAtTheChangeWithItsLabelAndNoneForTheFirstSegment) {
  const Scene s = chart_scene();
  const std::int64_t change = s.history.segments()[1].start_ns;
  ASSERT_EQ(s.history.segments()[1].label, "+vmsplice");
  // The first segment starts inside the window too.
  ASSERT_GT(s.history.segments()[0].start_ns, s.now_ns - s.window_ns);
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  const int x = column_at(s, change);
  EXPECT_EQ(cells(c, x, kArea.y, 9), "+vmsplice") << c.dump();
  EXPECT_EQ(c.style_at(x, kArea.y).color, Color::marker);
  int marker_rows = 0;
  for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) marker_rows += c.glyph_at(x, y) == "┊" ? 1 : 0;
  EXPECT_GE(marker_rows, 2) << c.dump();  // where the data does not cover it
  // No other column carries a marker: the first segment's start is not a change.
  for (int col = kPlot.x; col < kPlot.x + kPlot.w; ++col) {
    if (col == x) continue;
    for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) ASSERT_NE(c.glyph_at(col, y), "┊") << col << "," << y;
  }
  EXPECT_FALSE(has(c.line(kArea.y), "write/read"));

  TextCanvas a(kArea.w, kArea.h, false);
  draw_chart(a, kArea, s.model());
  EXPECT_EQ(cells(a, x, kArea.y, 9), "+vmsplice");
  EXPECT_EQ(a.glyph_at(x, kPlot.y), ":");
}

TEST(Chart, MarkerLabelsDoNotOverlap) {
  // Three changes a second apart: their labels would start on neighbouring cells; each starts after
  // the previous one.
  Scene s;
  SyntheticRun run(s.history);
  RunConfig c;
  run.begin(kT0, c);
  run.run(30 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now(), c);
  run.run(1 * kSec, 8.0);
  c.reader = ReaderKind::splice;
  run.begin(run.now(), c);
  run.run(1 * kSec, 30.0);
  c.busy_loop = true;
  run.begin(run.now(), c);
  run.run(28 * kSec, 40.0);
  s.now_ns = run.now();
  TextCanvas canvas(kArea.w, kArea.h);
  draw_chart(canvas, kArea, s.model());
  const std::string top = canvas.line(kArea.y);
  EXPECT_TRUE(has(top, "+vmsplice +splice +busy")) << top;
}

TEST(Chart, AShortDipStaysVisible) {
  const Scene s = chart_scene();
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  const int dip = column_at(s, 140 * kSec + kTick / 2);
  const int bottom = kPlot.y + kPlot.h - 1;
  // One 10 ms interval among the ~40 of its column reaches the bottom row: the column's envelope is
  // min/max, an average would sit near 40 GiB/s.
  EXPECT_TRUE(is_braille(c.glyph_at(dip, bottom))) << c.dump();
  for (int y = kPlot.y + 4; y < bottom; ++y) EXPECT_TRUE(is_braille(c.glyph_at(dip, y))) << y;
  for (const int other : {dip - 6, dip - 3, dip + 3, dip + 6}) {
    EXPECT_EQ(c.glyph_at(other, bottom), " ") << other << "\n" << c.dump();
  }
  TextCanvas a(kArea.w, kArea.h, false);
  draw_chart(a, kArea, s.model());
  EXPECT_NE(a.glyph_at(dip, bottom), " ");
  EXPECT_EQ(a.glyph_at(dip + 3, bottom), " ");
}

Scene log_scene() {
  Scene s;
  SyntheticRun run(s.history);
  RunConfig c;
  run.begin(kT0, c);
  run.run(20 * kSec, 0.8);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now(), c);
  run.run(20 * kSec, 2.0);
  c.reader = ReaderKind::splice;
  run.begin(run.now(), c);
  run.run(20 * kSec, 40.0);
  s.state.log_scale = true;
  s.now_ns = run.now();
  return s;
}

TEST(Chart, LogScaleShowsDecadesEquallySpaced) {
  const Scene s = log_scene();
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  EXPECT_EQ(cells(c, 0, 0, 9), "GiB/s log");
  const int r01 = tick_row(c, "0.1");
  const int r1 = tick_row(c, "1");
  const int r10 = tick_row(c, "10");
  const int r100 = tick_row(c, "100");
  ASSERT_TRUE(r01 >= 0 && r1 >= 0 && r10 >= 0 && r100 >= 0) << c.dump();
  EXPECT_EQ(r100, kPlot.y);
  EXPECT_EQ(r01, kPlot.y + kPlot.h - 1);
  EXPECT_GT(r01, r1);
  EXPECT_GT(r1, r10);
  EXPECT_GT(r10, r100);
  // 0.1 → 1 → 10 → 100: the same distance apart, give or take a rounded row.
  EXPECT_LE(std::abs((r01 - r1) - (r1 - r10)), 1);
  EXPECT_LE(std::abs((r1 - r10) - (r10 - r100)), 1);
  // The data sits between its decades: 2 GiB/s between 1 and 10, 40 between 10 and 100.
  const int two = column_at(s, kT0 + 30 * kSec);
  const int forty = column_at(s, kT0 + 50 * kSec);
  int two_row = -1;
  int forty_row = -1;
  for (int y = kPlot.y; y < kPlot.y + kPlot.h; ++y) {
    if (two_row < 0 && is_braille(c.glyph_at(two, y))) two_row = y;
    if (forty_row < 0 && is_braille(c.glyph_at(forty, y))) forty_row = y;
  }
  EXPECT_GT(two_row, r10);
  EXPECT_LE(two_row, r1);
  EXPECT_GT(forty_row, r100);
  EXPECT_LE(forty_row, r10);
}

TEST(Chart, LinearScaleHasNoDecadeTicks) {
  Scene s = log_scene();
  s.state.log_scale = false;
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, s.model());
  EXPECT_EQ(tick_row(c, "0.1"), -1);
  EXPECT_EQ(tick_row(c, "100"), -1);
  EXPECT_GE(tick_row(c, "50"), 0);
  EXPECT_FALSE(has(c.line(0), "log"));
}

TEST(Chart, WaitingForSamplesWithoutData) {
  Scene empty;
  TextCanvas c(kArea.w, kArea.h);
  draw_chart(c, kArea, empty.model());
  EXPECT_TRUE(has(c.dump(), "waiting for samples…")) << c.dump();
  EXPECT_EQ(braille_cells(c, kPlot), 0);
  TextCanvas a(kArea.w, kArea.h, false);
  draw_chart(a, kArea, empty.model());
  EXPECT_TRUE(has(a.dump(), "waiting for samples...")) << a.dump();
  EXPECT_TRUE(is_ascii(a.dump()));
  // Data that has left the window counts as none.
  Scene old = chart_scene();
  old.now_ns += 10 * 60 * kSec;
  TextCanvas o(kArea.w, kArea.h);
  draw_chart(o, kArea, old.model());
  EXPECT_TRUE(has(o.dump(), "waiting for samples")) << o.dump();
  // With data, no such words.
  const Scene s = chart_scene();
  TextCanvas d(kArea.w, kArea.h);
  draw_chart(d, kArea, s.model());
  EXPECT_FALSE(has(d.dump(), "waiting"));
}

TEST(Chart, TooSmallAnAreaDrawsNothing) {
  const Scene s = chart_scene();
  TextCanvas c(20, 10);
  draw_chart(c, Rect{0, 0, 9, 10}, s.model());
  draw_chart(c, Rect{0, 0, 20, 3}, s.model());
  for (int y = 0; y < 10; ++y) {
    for (int x = 0; x < 20; ++x) EXPECT_EQ(c.writes_at(x, y), 0);
  }
}

TEST(Chart, OffsetAreaDrawsInsideIt) {
  const Scene s = chart_scene();
  TextCanvas c(100, 30);
  const Rect area{10, 5, 70, 15};
  draw_chart(c, area, s.model());
  for (int y = 0; y < 30; ++y) {
    for (int x = 0; x < 100; ++x) {
      if (c.writes_at(x, y) > 0) {
        EXPECT_TRUE(area.contains(x, y)) << x << "," << y;
      }
    }
  }
  EXPECT_EQ(cells(c, 10, 5, 5), "GiB/s");
}

// A ~20 GiB/s chart 32 rows tall gets a 0..25 scale in steps of 2.5, and tick_label (chart_math.cpp)
// prints 12.5, 17.5 and 22.5 as "12", "18" and "22": labels that name the wrong value.
TEST(Chart, TallLinearAxisLabelsNameTheirValues) {
  Scene s;
  SyntheticRun run(s.history);
  run.begin(kT0, RunConfig{});
  run.run(60 * kSec, 22.0);
  s.now_ns = run.now();
  const Rect area{0, 0, 80, 34};
  TextCanvas c(80, 34);
  draw_chart(c, area, s.model());
  EXPECT_TRUE(has(c.dump(), "12.5")) << c.dump();
  EXPECT_FALSE(has(c.dump(), "  12┤")) << c.dump();
}

// On a log scale over three decades with room for four ticks (the chart 11-13 rows tall: an 80x25 to
// 80x27 terminal) only "0.1" and "10" are labelled: scale_ticks' off-by-one skips "1" and "100".
TEST(Chart, LogAxisLabelsEveryDecadeWhenThereIsRoom) {
  const Scene s = log_scene();
  const Rect area{0, 0, 80, 12};
  TextCanvas c(80, 12);
  draw_chart(c, area, s.model());
  EXPECT_TRUE(has(c.dump(), "  100┤")) << c.dump();
  EXPECT_TRUE(has(c.dump(), "    1┤")) << c.dump();
}

}  // namespace
}  // namespace pipetop

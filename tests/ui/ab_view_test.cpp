// An A/B on screen: the readout shows each side's median, A/B's ratio with its 95% interval, the
// rounds and the verdict in place of the segment's figures; the chart marks each column with the side
// that ran in it (a letter along the top, readable without colours) and draws B's columns in B's colour.

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "model_fixture.hpp"
#include "pipetop/core/screen/chart_columns.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

// The standard scene's last 12 s raced as A/B: sides of 1 s each, ABBA...
std::vector<SideSpan> raced_sides(const Scene& s) {
  std::vector<SideSpan> sides;
  const std::array<std::size_t, 4> abba{0, 1, 1, 0};
  for (int i = 0; i < 12; ++i) {
    const std::int64_t start = s.now_ns - 12 * kSec + i * kSec;
    sides.push_back({abba[static_cast<std::size_t>(i % 4)], start, start + kSec - 20 * kMs});
  }
  return sides;
}

// That race's figures: A at 40 and B at 20 GiB/s.
AbView raced() {
  AbView ab;
  ab.labels = {"+splice", "-splice"};
  ab.estimate.rounds = 6;
  ab.estimate.dropped = 1;
  ab.estimate.median = 2.0;
  ab.estimate.interval = MedianInterval{2.0, 1.95, 2.06, 0.97, 1};
  ab.sides[0].median_gib_per_s = 40.0;
  ab.sides[1].median_gib_per_s = 20.0;
  return ab;
}

TEST(AbView, TheReadoutShowsTheRatioItsIntervalAndTheRoundsWhereTheSegmentsFiguresWere) {
  const Scene& s = shared_standard_scene();
  DashboardModel m = s.model();
  m.ab = raced();
  TextCanvas c(28, 16);
  draw_readout(c, Rect{0, 0, 28, 16}, m);
  const std::string text = c.dump();
  EXPECT_FALSE(has(text, "vs first")) << text;
  EXPECT_FALSE(has(text, "since")) << text;
  const int a = row_of(c, "40.0 +splice");
  ASSERT_GE(a, 0) << text;
  EXPECT_EQ(cells(c, 1, a, 1), "A");
  EXPECT_EQ(c.style_at(10, a).color, Color::side_a);
  EXPECT_EQ(cells(c, 10, a + 1, 12), "20.0 -splice");
  EXPECT_EQ(c.style_at(10, a + 1).color, Color::side_b);
  EXPECT_EQ(cells(c, 1, a + 2, 14), "A/B      ×2.00");
  EXPECT_EQ(c.style_at(10, a + 2).color, Color::accent);
  EXPECT_EQ(cells(c, 1, a + 3, 18), "95% CI   1.95–2.06");
  EXPECT_EQ(cells(c, 1, a + 4, 20), "rounds   6 · 1 dropp");
  EXPECT_EQ(cells(c, 1, a + 5, 15), "A faster than B");
  EXPECT_EQ(cells(c, 1, a + 6, 17), "racing: a ends it");
}

TEST(AbView, AnIntervalHoldingOneSaysNoDifferenceWithinItsReach) {
  const Scene& s = shared_standard_scene();
  DashboardModel m = s.model();
  AbView ab = raced();
  ab.estimate.interval = MedianInterval{1.0, 0.982, 1.012, 0.97, 1};
  ab.running = false;
  ab.ended = "done: within ±2%";
  m.ab = ab;
  TextCanvas c(28, 16);
  draw_readout(c, Rect{0, 0, 28, 16}, m);
  EXPECT_GE(row_of(c, "no difference within ±1.8%"), 0) << c.dump();
  const int done = row_of(c, "done: within ±2%");
  ASSERT_GE(done, 0) << c.dump();
  EXPECT_EQ(c.style_at(1, done).color, Color::dim);
}

// Where each side ran, as the chart draws it: its letter along the top, B's trace in B's colour, and
// no marker at a side's restart. The same whether the race is on show or an earlier one (the tour's
// step before): `m.ab` is only the readout's.
void expect_sides_drawn(const Scene& s, const DashboardModel& m) {
  const Rect area{0, 0, 127, 20};
  const Rect plot{7, 1, 119, 18};
  TextCanvas c(area.w, area.h);
  draw_chart(c, area, m);
  const auto column = [&](std::int64_t t_ns) {
    return plot.x + chart_span(s.now_ns, s.window_ns, 2 * plot.w).cell_of(t_ns, plot.w);
  };
  const int in_a = column(s.now_ns - 12 * kSec + kSec / 2);      // the first side: A
  const int in_b = column(s.now_ns - 12 * kSec + 3 * kSec / 2);  // the second: B
  EXPECT_EQ(c.glyph_at(in_a, 0), "A") << c.dump();
  EXPECT_EQ(c.style_at(in_a, 0).color, Color::side_a);
  EXPECT_EQ(c.glyph_at(in_b, 0), "B");
  EXPECT_EQ(c.style_at(in_b, 0).color, Color::side_b);
  EXPECT_EQ(c.glyph_at(column(s.now_ns - 30 * kSec), 0), " ") << "no side before the A/B";
  bool b_coloured = false;
  for (int y = plot.y; y < plot.y + plot.h; ++y) b_coloured |= c.style_at(in_b, y).color == Color::side_b;
  EXPECT_TRUE(b_coloured) << "B's trace in B's colour";
  for (int y = plot.y; y < plot.y + plot.h; ++y) EXPECT_NE(c.style_at(in_a, y).color, Color::side_b) << y;
  // The sides' restarts carry no marker: the letters say what ran.
  for (int y = plot.y; y < plot.y + plot.h; ++y) EXPECT_NE(c.glyph_at(in_b, y), "┊") << y;
}

TEST(AbView, TheChartMarksEachColumnWithItsSideAndDrawsBInItsColour) {
  const Scene& s = shared_standard_scene();
  DashboardModel m = s.model();
  m.ab = raced();
  m.sides = raced_sides(s);
  expect_sides_drawn(s, m);
}

TEST(AbView, AnEarlierRacesSlicesKeepTheirSidesAfterItsFiguresWent) {
  const Scene& s = shared_standard_scene();
  DashboardModel m = s.model();
  m.sides = raced_sides(s);
  expect_sides_drawn(s, m);
}

// A tour's step raced the one before, then the next step began: the race's figures went, but each of
// its slices (a segment of its own) is still no configuration change: no dotted line, no label.
TEST(AbView, ARacesSlicesAreNoMarkersOnceItEnded) {
  Scene s;
  SyntheticRun run(s.history);
  RunConfig plain;
  plain.writer_cpu = 0;
  plain.reader_cpu = 1;
  RunConfig spliced = plain;
  spliced.reader = ReaderKind::splice;
  run.begin(kStart, plain);
  run.run(20 * kSec, 2.0);
  run.begin(run.now() + 5 * kMs, spliced, "+splice", default_counters());
  run.run(5 * kSec, 8.0);
  std::vector<SideSpan> sides;
  const std::array<std::size_t, 4> abba{0, 1, 1, 0};
  for (std::size_t i = 0; i < 8; ++i) {
    const std::size_t arm = abba[i % 4];
    run.begin(run.now() + 5 * kMs, arm == 0 ? spliced : plain, arm == 0 ? "+splice" : "-splice", default_counters());
    sides.push_back({arm, run.now(), run.now() + kSec});
    run.run(kSec, arm == 0 ? 8.0 : 2.0);
  }
  run.begin(run.now() + 5 * kMs, spliced, "+huge pages", default_counters());
  run.run(10 * kSec, 9.0);
  s.state.config = spliced;
  s.now_ns = run.now();
  const Rect area{0, 0, 127, 20};
  const auto markers = [&](const std::vector<SideSpan>& shaded) {
    DashboardModel m = s.model();
    m.sides = shaded;
    TextCanvas c(area.w, area.h);
    draw_chart(c, area, m);
    std::string top;
    for (int x = 0; x < area.w; ++x) top += c.glyph_at(x, 0);
    int lines = 0;  // columns with a dotted line (the trace covers it where it runs)
    for (int x = 0; x < area.w; ++x) {
      bool dotted = false;
      for (int y = 1; y < area.h - 1; ++y) dotted |= c.glyph_at(x, y) == "┊";
      lines += dotted ? 1 : 0;
    }
    return std::pair{lines, top};
  };
  const auto [lines, top] = markers(sides);
  EXPECT_EQ(lines, 2) << "the two steps' changes, not the slices' restarts\n" << top;
  EXPECT_TRUE(has(top, "+splice")) << top;
  EXPECT_TRUE(has(top, "+huge pages")) << top;
  EXPECT_FALSE(has(top, "-splice")) << top;
  EXPECT_TRUE(has(top, "+splice  AABBBBAAAABBBBA +huge pages")) << "a second a side, two cells a second\n" << top;
  EXPECT_EQ(markers({}).first, 10) << "unshaded, every slice would be a change";
}

// A step's marker label, then an A/B that began just after it (the tour's race): a cell apart from
// the side letters, so that "+splice" does not read as "+spliceAAA".
TEST(AbView, AMarkersLabelStaysACellApartFromTheSideLetters) {
  const Scene& s = shared_standard_scene();
  DashboardModel m = s.model();
  const Segment& step = m.history.segments().back();
  m.sides.push_back({0, step.start_ns + kMs, 0});
  const Rect area{0, 0, 127, 20};
  TextCanvas c(area.w, area.h);
  draw_chart(c, area, m);
  std::string top;
  for (int x = 0; x < area.w; ++x) top += c.glyph_at(x, 0);
  const std::size_t at = top.find(step.label);
  ASSERT_NE(at, std::string::npos) << top;
  EXPECT_EQ(top.substr(at + step.label.size(), 2), " A") << top;
}

}  // namespace
}  // namespace pipetop

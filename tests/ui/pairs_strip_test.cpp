// The strip of --pairs N under the chart: each pair's CPUs and rate while they fit in two rows of
// cells, a bar per pair beyond; the header's "N pairs"; and the whole dashboard with it at 80x24,
// where the chart keeps its rows and the strip sits right under it.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

std::vector<PairFigure> pairs(int n, double gib_per_s) {
  std::vector<PairFigure> figures;
  for (int k = 0; k < n; ++k) figures.push_back({{2 * k, 2 * k + 1}, gib_per_s + k, true});
  return figures;
}

TEST(PairsStrip, EachPairsCpusAndRateUnderAHeadingNamingTheSlowestAndTheFastest) {
  std::vector<PairFigure> two = pairs(2, 10.0);
  two[1].gib_per_s = 9.5;
  ASSERT_EQ(pairs_strip_rows(two, 80), 2);
  TextCanvas c(80, 2);
  draw_pairs_strip(c, {0, 0, 80, 2}, two);
  EXPECT_EQ(c.line(0).find(" 2 pairs · the chart is their sum · slowest #2 9.50 · fastest #1 10.00 GiB/s"), 0U)
      << c.dump();
  EXPECT_NE(c.line(1).find("#1  0→1        10.00"), std::string::npos) << c.dump();
  EXPECT_NE(c.line(1).find("#2  2→3         9.50"), std::string::npos) << c.dump();
}

TEST(PairsStrip, APairWithoutARateSaysWhy) {
  std::vector<PairFigure> two = pairs(2, 10.0);
  two[0].gib_per_s.reset();
  two[1] = {{kUnpinned, kUnpinned}, std::nullopt, false};
  TextCanvas c(80, 2);
  draw_pairs_strip(c, {0, 0, 80, 2}, two);
  EXPECT_NE(c.line(1).find("#1  0→1            …"), std::string::npos) << c.dump();
  EXPECT_NE(c.line(1).find("#2  any→any  stopped"), std::string::npos) << c.dump();
  EXPECT_EQ(c.line(0).find("slowest"), std::string::npos) << "no pair to compare yet";
}

TEST(PairsStrip, ManyPairsBecomeABarEach) {
  const std::vector<PairFigure> many = pairs(32, 1.0);  // 1 to 32 GiB/s
  EXPECT_EQ(pairs_strip_rows(many, 80), 2) << "a heading and a row of bars";
  EXPECT_EQ(pairs_strip_rows(pairs(6, 1.0), 80), 3) << "two rows of three cells";
  EXPECT_EQ(pairs_strip_rows({}, 80), 0);
  TextCanvas c(80, 2);
  draw_pairs_strip(c, {0, 0, 80, 2}, many);
  EXPECT_EQ(c.glyph_at(1, 1), "▁") << c.dump();   // the slowest
  EXPECT_EQ(c.glyph_at(32, 1), "█") << c.dump();  // the fastest
  EXPECT_EQ(c.glyph_at(33, 1), " ");
  TextCanvas ascii(80, 2, false);
  draw_pairs_strip(ascii, {0, 0, 80, 2}, many);
  EXPECT_EQ(ascii.glyph_at(32, 1), "#") << ascii.dump();
}

TEST(PairsStrip, TheDashboardAt80x24ShowsTheStripUnderTheChartAndTheCountInTheHeader) {
  Scene s = standard_scene();
  s.pairs = pairs(2, 20.0);
  TextCanvas c(80, 24);
  draw_dashboard(c, s.model());
  EXPECT_NE(c.line(0).find("2 pairs pinned"), std::string::npos) << c.dump();
  const DashboardLayout layout = layout_dashboard(80, 24, {PanelSet::all, 2, true});
  ASSERT_EQ(layout.caption.h, 2);
  EXPECT_EQ(layout.caption.y, layout.chart.y + layout.chart.h) << "right under the chart";
  EXPECT_GE(layout.chart.h, 8);
  EXPECT_NE(c.line(layout.caption.y).find("2 pairs · the chart is their sum"), std::string::npos) << c.dump();
  EXPECT_NE(c.line(layout.caption.y + 1).find("#2  2→3"), std::string::npos) << c.dump();
  EXPECT_NE(c.line(layout.counters.y).find("writers"), std::string::npos) << c.dump();
}

}  // namespace
}  // namespace pipetop

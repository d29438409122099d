#include "pipetop/core/screen/layout.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace pipetop {
namespace {

bool inside(const Rect& r, int width, int height) {
  return r.x >= 0 && r.y >= 0 && r.x + r.w <= width && r.y + r.h <= height;
}

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

std::string describe(const Rect& r) {
  return "{" + std::to_string(r.x) + "," + std::to_string(r.y) + " " + std::to_string(r.w) + "x" + std::to_string(r.h) +
         "}";
}

constexpr PanelSet kPanelSets[] = {PanelSet::all, PanelSet::chart_readout, PanelSet::chart_only};

std::string panels_name(PanelSet p) {
  return p == PanelSet::all ? "all" : p == PanelSet::chart_readout ? "chart+readout" : "chart only";
}

// Every invariant of one size and options; returns the first violation, or "" when all hold.
std::string check_size(int width, int height, LayoutOptions options = {}) {
  const DashboardLayout l = layout_dashboard(width, height, options);
  const std::string at = std::to_string(width) + "x" + std::to_string(height) + " " + panels_name(options.panels) +
                         " caption " + std::to_string(options.caption_rows) + ": ";
  const bool expect_small = width < kMinWidth || height < kMinHeight;
  if (l.too_small != expect_small) return at + "too_small is " + (l.too_small ? "true" : "false");
  const std::vector<Rect> regions = l.regions();
  if (l.too_small) {
    if (regions.size() != 1) return at + "too small but " + std::to_string(regions.size()) + " regions";
    if (l.notice.empty()) return at + "empty notice";
    if (!inside(l.notice, width, height)) return at + "notice outside " + describe(l.notice);
    return "";
  }
  if (!options.profile && !l.profile.empty()) return at + "a profile panel nobody asked for";
  // What each panel set shows, and nothing else.
  const bool all = options.panels == PanelSet::all;
  const bool chart_only = options.panels == PanelSet::chart_only;
  if (l.header.empty() != chart_only || l.readout.empty() != chart_only || l.footer.empty() != chart_only) {
    return at + "header, readout and footer show unless chart only";
  }
  if (!all && !l.counters.empty()) return at + "counters shown with panels hidden";
  if (all && height >= kMinHeight + options.caption_rows && l.counters.empty()) return at + "counters missing";
  if (l.chart.empty() || l.status.empty()) return at + "chart and status always show";
  if (l.chart.h < 8) return at + "chart shorter than 8 rows";
  if (chart_only && l.chart.w != width) return at + "chart only: the chart is not the whole width";
  if (l.caption.h > options.caption_rows) return at + "caption taller than asked";
  if (options.caption_rows > 0 && l.caption.h == 0) return at + "caption asked but none";
  if (l.caption.h > 0 && l.caption.y != l.chart.y + l.chart.h) return at + "caption not under the chart";
  if (l.status.y != height - 1 - (chart_only ? 0 : 1)) return at + "status not on the last rows";
  long long area = 0;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const Rect& r = regions[i];
    if (r.empty()) return at + "region " + std::to_string(i) + " empty " + describe(r);
    if (!inside(r, width, height)) return at + "region " + std::to_string(i) + " outside " + describe(r);
    for (std::size_t j = i + 1; j < regions.size(); ++j) {
      if (overlap(r, regions[j])) return at + "regions " + std::to_string(i) + " and " + std::to_string(j) + " overlap";
    }
    area += static_cast<long long>(r.w) * r.h;
  }
  // Inside, pairwise disjoint and the areas add up to the screen's: together they cover it.
  if (area != static_cast<long long>(width) * height) return at + "regions cover " + std::to_string(area) + " cells";
  if (l.help.empty() || !inside(l.help, width, height)) return at + "help " + describe(l.help);
  return "";
}

TEST(Layout, InvariantsHoldForEverySizeFrom20x6To300x100) {
  int checked = 0;
  for (int w = 20; w <= 300; ++w) {
    for (int h = 6; h <= 100; ++h) {
      const std::string problem = check_size(w, h);
      ASSERT_EQ(problem, "");
      ++checked;
    }
  }
  EXPECT_EQ(checked, 281 * 95);
}

TEST(Layout, InvariantsHoldForEveryPanelSetCaptionAndProfileAtEverySize) {
  for (const PanelSet panels : kPanelSets) {
    for (const int caption : {0, 1, 3, 40}) {
      for (const bool profile : {false, true}) {
        for (int w = 20; w <= 300; w += 3) {
          for (int h = 6; h <= 100; ++h) ASSERT_EQ(check_size(w, h, {panels, caption, profile}), "");
        }
      }
    }
  }
}

TEST(Layout, InvariantsHoldWithTheProfilePanelForEverySize) {
  for (int w = 20; w <= 300; ++w) {
    for (int h = 6; h <= 100; ++h) {
      ASSERT_EQ(check_size(w, h, {.profile = true}), "");
      const DashboardLayout l = layout_dashboard(w, h, {.profile = true});
      if (l.too_small) continue;
      // Shown once there is room for the chart, the counters and its own minimum; never below it.
      ASSERT_EQ(!l.profile.empty(), h >= 19) << w << "x" << h;
      if (l.profile.empty()) continue;
      ASSERT_GE(l.profile.h, kMinProfileRows) << w << "x" << h;
      ASSERT_LE(l.profile.h, kMaxProfileRows) << w << "x" << h;
      ASSERT_GE(l.chart.h, 8) << w << "x" << h;
      ASSERT_GE(l.counters.h, 3) << w << "x" << h;
      ASSERT_EQ(l.profile.y, l.counters.y + l.counters.h) << w << "x" << h;
      ASSERT_EQ(l.profile.w, w);
    }
  }
}

TEST(Layout, RegionsAreTheShownOnesInOrder) {
  const DashboardLayout all = layout_dashboard(80, 24);
  const std::vector<Rect> expected = {all.header, all.chart, all.readout, all.counters, all.status, all.footer};
  ASSERT_EQ(all.regions().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(describe(all.regions()[i]), describe(expected[i]));
  EXPECT_TRUE(all.caption.empty());
  const DashboardLayout only = layout_dashboard(80, 24, {PanelSet::chart_only, 3});
  ASSERT_EQ(only.regions().size(), 3U);  // chart, caption, status
  EXPECT_EQ(describe(only.regions()[0]), describe(only.chart));
  EXPECT_EQ(describe(only.regions()[1]), describe(only.caption));
  EXPECT_EQ(describe(only.regions()[2]), describe(only.status));
}

TEST(Layout, HidingPanelsGivesTheirRowsToTheChart) {
  const DashboardLayout all = layout_dashboard(120, 40);
  const DashboardLayout chart_readout = layout_dashboard(120, 40, {PanelSet::chart_readout});
  const DashboardLayout chart_only = layout_dashboard(120, 40, {PanelSet::chart_only});
  EXPECT_EQ(chart_readout.chart.h, all.chart.h + all.counters.h);
  EXPECT_EQ(chart_readout.readout.h, chart_readout.chart.h);
  EXPECT_EQ(chart_only.chart.h, 40 - 1);  // all but the status line
  EXPECT_EQ(chart_only.chart.y, 0);
  EXPECT_EQ(chart_only.chart.w, 120);
}

TEST(Layout, TheCaptionTakesFromTheCountersFirstAndNeverShrinksTheChartBelowItsMinimum) {
  const DashboardLayout plain = layout_dashboard(80, 24);
  const DashboardLayout captioned = layout_dashboard(80, 24, {PanelSet::all, 3});
  EXPECT_EQ(captioned.caption.h, 3);
  EXPECT_EQ(captioned.chart.h, plain.chart.h);
  EXPECT_EQ(captioned.counters.h, plain.counters.h - 3);
  const DashboardLayout smallest = layout_dashboard(60, 16, {PanelSet::all, 3});
  EXPECT_EQ(smallest.caption.h, 3);
  EXPECT_TRUE(smallest.counters.empty());  // no room for three rows of counters beside a caption
  EXPECT_GE(smallest.chart.h, 8);
  EXPECT_EQ(layout_dashboard(60, 16, {PanelSet::all, 40}).chart.h, 8);
}

TEST(Layout, PanelSetsCycle) {
  EXPECT_EQ(next_panels(PanelSet::all), PanelSet::chart_readout);
  EXPECT_EQ(next_panels(PanelSet::chart_readout), PanelSet::chart_only);
  EXPECT_EQ(next_panels(PanelSet::chart_only), PanelSet::all);
}

TEST(Layout, TheProfilePanelTakesRowsFromTheChartAfterTheCounters) {
  // 80x24: the chart at its minimum, the counters one row short, the panel at its minimum.
  const DashboardLayout classic = layout_dashboard(80, 24, {.profile = true});
  EXPECT_EQ(classic.chart.h, 8);
  EXPECT_EQ(classic.counters.h, 8);
  EXPECT_EQ(classic.profile.h, 4);
  EXPECT_EQ(classic.status.y, 22);
  // Taller: the counters fill up, then the panel, then the chart grows again.
  const DashboardLayout tall = layout_dashboard(120, 40, {.profile = true});
  EXPECT_EQ(tall.counters.h, layout_dashboard(120, 40).counters.h);
  EXPECT_EQ(tall.profile.h, kMaxProfileRows);
  EXPECT_EQ(layout_dashboard(120, 100, {.profile = true}).chart.h - tall.chart.h, 60);
  // The help box grows for the panel's categories where the screen allows.
  EXPECT_GT(tall.help.h, layout_dashboard(120, 40).help.h);
  EXPECT_LE(tall.help.h, 39);
}

TEST(Layout, CoverageIsCellExact) {
  // The area argument above could hide a gap plus an overlap; count every cell at a few sizes.
  for (const auto& [w, h, profile] : {std::tuple{60, 16, false},
                                      {61, 17, false},
                                      {80, 24, false},
                                      {99, 30, false},
                                      {100, 30, false},
                                      {300, 100, false},
                                      {123, 45, false},
                                      {80, 24, true},
                                      {60, 19, true},
                                      {123, 45, true}}) {
    const DashboardLayout l = layout_dashboard(w, h, {.profile = profile});
    std::vector<int> hits(static_cast<std::size_t>(w * h), 0);
    for (const Rect& r : l.regions()) {
      for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) ++hits[static_cast<std::size_t>(y * w + x)];
      }
    }
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        ASSERT_EQ(hits[static_cast<std::size_t>(y * w + x)], 1) << w << "x" << h << " cell " << x << "," << y;
      }
    }
  }
}

TEST(Layout, TooSmallExactlyBelowTheMinimum) {
  EXPECT_EQ(kMinWidth, 60);
  EXPECT_EQ(kMinHeight, 16);
  EXPECT_FALSE(layout_dashboard(60, 16).too_small);
  EXPECT_TRUE(layout_dashboard(59, 16).too_small);
  EXPECT_TRUE(layout_dashboard(60, 15).too_small);
  EXPECT_TRUE(layout_dashboard(59, 15).too_small);
  EXPECT_FALSE(layout_dashboard(61, 17).too_small);
  EXPECT_TRUE(layout_dashboard(300, 15).too_small);
  EXPECT_TRUE(layout_dashboard(59, 100).too_small);
}

TEST(Layout, TooSmallGivesOnlyANoticeInsideTheScreen) {
  for (const auto& [w, h] : {std::pair{20, 6}, {59, 16}, {60, 15}, {30, 10}, {1, 1}, {0, 0}, {10, 2}}) {
    const DashboardLayout l = layout_dashboard(w, h);
    ASSERT_TRUE(l.too_small);
    ASSERT_EQ(l.regions().size(), 1U);
    EXPECT_TRUE(inside(l.notice, w, h)) << w << "x" << h << " " << describe(l.notice);
    if (w > 0 && h > 0) {
      EXPECT_FALSE(l.notice.empty()) << w << "x" << h;
    }
    EXPECT_TRUE(l.header.empty());
    EXPECT_TRUE(l.chart.empty());
    EXPECT_TRUE(l.footer.empty());
  }
  // Centred vertically, the full width, room for three lines (narrow terminals use all three).
  const DashboardLayout l = layout_dashboard(40, 12);
  EXPECT_EQ(l.notice.x, 0);
  EXPECT_EQ(l.notice.w, 40);
  EXPECT_EQ(l.notice.h, 3);
  EXPECT_EQ(l.notice.y, 4);
}

TEST(Layout, Minimum60x16) {
  const DashboardLayout l = layout_dashboard(60, 16);
  EXPECT_EQ(l.header.y, 0);
  EXPECT_EQ(l.header.h, 2);
  EXPECT_EQ(l.chart.y, 2);
  EXPECT_GE(l.chart.h, 6);
  EXPECT_GE(l.counters.h, 3);
  EXPECT_EQ(l.readout.y, l.chart.y);
  EXPECT_EQ(l.readout.h, l.chart.h);
  EXPECT_EQ(l.readout.x, l.chart.x + l.chart.w);
  EXPECT_EQ(l.readout.x + l.readout.w, 60);
  EXPECT_EQ(l.status.y, 14);
  EXPECT_EQ(l.footer.y, 15);
  EXPECT_EQ(l.footer.h, 1);
}

TEST(Layout, Classic80x24) {
  const DashboardLayout l = layout_dashboard(80, 24);
  EXPECT_EQ(l.header.w, 80);
  EXPECT_EQ(l.readout.w, 22);
  EXPECT_EQ(l.chart.w, 58);
  EXPECT_EQ(l.counters.h, 9);  // all eight figure rows plus the heading fit, no blank row
  EXPECT_EQ(l.chart.h, 11);
  EXPECT_EQ(l.counters.y, 13);
  EXPECT_EQ(l.status.y, 22);
  EXPECT_EQ(l.footer.y, 23);
  // The help box at 80x24 takes the whole width (no strip of dashboard beside it), one row short.
  EXPECT_EQ(l.help.w, 80);
  EXPECT_EQ(l.help.h, 23);
  EXPECT_EQ(l.help.x, 0);
}

TEST(Layout, OneAboveTheMinimum61x17) {
  const DashboardLayout l = layout_dashboard(61, 17);
  EXPECT_FALSE(l.too_small);
  EXPECT_EQ(l.chart.h + l.counters.h, 17 - 4);
  EXPECT_EQ(l.footer.y, 16);
}

TEST(Layout, ReadoutWidensAt100Columns) {
  EXPECT_EQ(layout_dashboard(99, 30).readout.w, 22);
  EXPECT_EQ(layout_dashboard(100, 30).readout.w, 28);
}

TEST(Layout, TallScreensGiveTheExtraRowsToTheChart) {
  const DashboardLayout a = layout_dashboard(120, 40);
  const DashboardLayout b = layout_dashboard(120, 100);
  EXPECT_EQ(a.counters.h, b.counters.h);
  EXPECT_EQ(b.chart.h - a.chart.h, 60);
  // The help box spans the width (nothing half-shows beside it) but not the height.
  EXPECT_EQ(b.help.w, b.header.w);
  EXPECT_LE(b.help.h, 24);
}

TEST(Layout, RectContains) {
  const Rect r{2, 3, 4, 5};
  EXPECT_TRUE(r.contains(2, 3));
  EXPECT_TRUE(r.contains(5, 7));
  EXPECT_FALSE(r.contains(6, 7));
  EXPECT_FALSE(r.contains(5, 8));
  EXPECT_FALSE(r.contains(1, 3));
  EXPECT_TRUE((Rect{0, 0, 0, 4}).empty());
  EXPECT_TRUE((Rect{0, 0, 4, -1}).empty());
  EXPECT_FALSE(r.empty());
}

}  // namespace
}  // namespace pipetop

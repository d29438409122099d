// What a speaker puts on the screen, rendered to text: the baseline behind the trace and the readout's
// "vs base", the leaderboard over the dashboard, the tour's caption and summary, the key echo, and
// the panel sets that give the chart the screen.

#include <gtest/gtest.h>

#include <string>

#include "model_fixture.hpp"
#include "pipetop/core/screen/layout.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

bool has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

std::string render(const Scene& scene, int width = 120, int height = 40) {
  TextCanvas canvas(width, height);
  (void)draw_dashboard(canvas, scene.model());
  return canvas.dump();
}

TEST(StageWidgets, ABaselineIsDrawnBehindTheTraceAndTheReadoutMeasuresAgainstIt) {
  Scene scene = standard_scene();
  const std::string before = render(scene);
  EXPECT_TRUE(has(before, "vs first")) << before;
  scene.baseline = Baseline{"write/read", RunConfig{}, 5.0, 4.0, 6.0};
  const std::string after = render(scene);
  EXPECT_TRUE(has(after, "vs base  ×8.0")) << after;  // 40 GiB/s against 5
  EXPECT_FALSE(has(after, "vs first")) << after;
  EXPECT_TRUE(has(after, " base 5.00 ")) << after;
  EXPECT_TRUE(has(after, "┄┄┄┄")) << after;
}

TEST(StageWidgets, TheLeaderboardListsEveryConfigurationFastestFirst) {
  Scene scene = standard_scene();
  scene.state.leaderboard = true;
  const std::string screen = render(scene);
  ASSERT_TRUE(has(screen, "every configuration tried, fastest first")) << screen;
  const std::size_t table = screen.find("configuration");
  const std::size_t splice = screen.find("vmsplice → splice", table);
  const std::size_t vmsplice = screen.find("vmsplice → read", table);
  const std::size_t first = screen.find("write → read", table);
  ASSERT_NE(splice, std::string::npos) << screen;
  ASSERT_NE(vmsplice, std::string::npos) << screen;
  ASSERT_NE(first, std::string::npos) << screen;
  EXPECT_LT(splice, vmsplice) << screen;
  EXPECT_LT(vmsplice, first) << screen;
  EXPECT_TRUE(has(screen, "▸ 1")) << "the current segment is marked\n" << screen;
  EXPECT_TRUE(has(screen, "×first")) << screen;
}

TEST(StageWidgets, TheTourShowsItsStepCaptionAndAtTheEndItsSummary) {
  Scene scene = standard_scene();
  TourView tour;
  tour.step = 2;
  tour.steps = 6;
  tour.name = "+splice";
  tour.caption = "splice() moves those page references on to /dev/null, so no byte is copied at all any more.";
  tour.remaining_ns = 5 * kSec;
  scene.tour = tour;
  const std::string screen = render(scene);
  EXPECT_TRUE(has(screen, "step 3/6 · +splice · 5 s")) << screen;
  EXPECT_TRUE(has(screen, "splice() moves those page references")) << screen;
  scene.tour->paused = true;
  EXPECT_TRUE(has(render(scene), "step 3/6 · +splice · paused"));

  scene.tour->finished = true;
  scene.tour->summary = {"The ladder on this machine, beside the article's", "  write/read   2.00   3.5"};
  const std::string end = render(scene);
  EXPECT_TRUE(has(end, "the tour: what this machine did")) << end;
  EXPECT_TRUE(has(end, "write/read   2.00   3.5")) << end;
}

TEST(StageWidgets, TheKeyEchoShowsInTheChart) {
  Scene scene = standard_scene();
  scene.key_echo = "b → busy loop on";
  const std::string screen = render(scene);
  // In the chart, at its right: on a row of the plot, after the last marker and the trace's last column.
  const std::size_t echo = screen.find(" b → busy loop on");
  ASSERT_NE(echo, std::string::npos) << screen;
  const std::size_t row = screen.rfind('\n', echo) + 1;
  const std::string before = screen.substr(row, echo - row);
  EXPECT_NE(before.find("┊"), std::string::npos) << screen;
  EXPECT_TRUE(before.ends_with("⢸") || before.ends_with("⡇")) << screen;
}

TEST(StageWidgets, HiddenPanelsGiveTheChartTheScreen) {
  Scene scene = standard_scene();
  scene.state.panels = PanelSet::chart_only;
  const std::string screen = render(scene);
  EXPECT_FALSE(has(screen, "counters")) << screen;
  EXPECT_FALSE(has(screen, " pipetop ")) << screen;
  EXPECT_FALSE(has(screen, "q quit")) << screen;
  scene.state.panels = PanelSet::chart_readout;
  const std::string readout = render(scene);
  EXPECT_TRUE(has(readout, "GiB/s now")) << readout;
  EXPECT_FALSE(has(readout, "context switches/s")) << readout;
}

TEST(StageWidgets, EveryViewRendersAtEverySizeWithinTheScreen) {
  for (const PanelSet panels : {PanelSet::all, PanelSet::chart_readout, PanelSet::chart_only}) {
    Scene scene = standard_scene();
    scene.state.panels = panels;
    scene.baseline = Baseline{"write/read", RunConfig{}, 5.0, 4.0, 6.0};
    scene.key_echo = "z → chart only";
    for (int w = 60; w <= 200; w += 7) {
      for (int h = 16; h <= 60; h += 5) {
        TextCanvas canvas(w, h);
        (void)draw_dashboard(canvas, scene.model());
        EXPECT_TRUE(has(canvas.dump(), "GiB/s")) << w << "x" << h;
      }
    }
  }
}

}  // namespace
}  // namespace pipetop

// The "where the time goes" panel rendered to text: a stacked bar per worker with its categories'
// labels, the bottleneck line, time shares and top stacks as rows allow, at several sizes; and what
// it says instead when there is no profile to show.

#include <gtest/gtest.h>

#include <string>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

const Scene& shared_profiled_scene() {
  static const Scene scene = profiled_scene();
  return scene;
}

struct Drawn {
  TextCanvas canvas;
  DashboardLayout layout;
};

Drawn draw(const Scene& scene, int w, int h, bool unicode = true) {
  Drawn d{TextCanvas(w, h, unicode), layout_dashboard(w, h, {.profile = scene.state.profile_panel})};
  draw_dashboard(d.canvas, scene.model());
  return d;
}

// The panel's rows, joined.
std::string panel_text(const Drawn& d) {
  std::string text;
  for (int y = d.layout.profile.y; y < d.layout.profile.y + d.layout.profile.h; ++y) text += d.canvas.line(y) + "\n";
  return text;
}

TEST(ProfilePanel, AtSeveralSizes) {
  const Scene& scene = shared_profiled_scene();
  for (const auto& [w, h] : {std::pair{60, 19}, {80, 24}, {100, 30}, {120, 40}, {200, 60}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    const Drawn d = draw(scene, w, h);
    ASSERT_FALSE(d.layout.profile.empty());
    const std::string panel = panel_text(d);
    const int top = d.layout.profile.y;
    EXPECT_TRUE(d.canvas.line(top).starts_with(" where the time goes  cpu-clock 1000 Hz")) << panel;
    EXPECT_TRUE(has(d.canvas.line(top), "w hides")) << panel;
    EXPECT_TRUE(d.canvas.line(top + 1).starts_with(" writer ")) << panel;
    EXPECT_TRUE(d.canvas.line(top + 2).starts_with(" reader ")) << panel;
    // Blocking vmsplice/splice mostly waits and wakes: the bar's first and widest segment says so.
    EXPECT_TRUE(has(d.canvas.line(top + 1), "wait/wake 6")) << panel;
    EXPECT_TRUE(has(d.canvas.line(top + 1), "400 smp")) << panel;
    EXPECT_TRUE(has(d.canvas.line(top + 3), "reader-bound: the pipe is full 92% of the time")) << panel;
    if (d.layout.profile.h >= 6) {
      EXPECT_TRUE(has(d.canvas.line(top + 4), "writer user ")) << panel;
      EXPECT_TRUE(has(d.canvas.line(top + 5), "reader user ")) << panel;
      EXPECT_TRUE(has(d.canvas.line(top + 4), "voluntary/s")) << panel;
    }
    if (d.layout.profile.h >= 7) {
      EXPECT_TRUE(has(d.canvas.line(top + 6), " ← ")) << panel;
    }
    if (d.layout.profile.h == kMaxProfileRows) {
      for (int y = top + 6; y < top + 10; ++y) EXPECT_TRUE(has(d.canvas.line(y), "%  ")) << panel;
    }
  }
}

TEST(ProfilePanel, EachBarFillsItsWidthInCategoryColours) {
  const Drawn d = draw(shared_profiled_scene(), 120, 40);
  for (const int row : {1, 2}) {
    const int y = d.layout.profile.y + row;
    int reversed = 0;
    int first = -1;
    for (int x = 0; x < 120; ++x) {
      if (!d.canvas.style_at(x, y).reverse) continue;
      if (first < 0) first = x;
      ++reversed;
    }
    // From after "writer " to before the sample count, without a gap.
    EXPECT_EQ(first, 8);
    EXPECT_EQ(reversed, 120 - 2 - 7 - 12) << d.canvas.line(y);
    EXPECT_EQ(d.canvas.style_at(first, y).color, category_color(ProfileCategory::wait_wake));
  }
}

TEST(ProfilePanel, SaysWhyInsteadOfPercentages) {
  Scene scene = profiled_scene();
  scene.history = History{};
  SyntheticRun run(scene.history);
  run.begin(kStart, scene.state.config);
  run.run(2 * kSec, 8.0);
  scene.history.apply(ProfileStarted{run.now(),
                                     WorkerRole::writer,
                                     {"cpu-clock", ProfileMode::user_only,
                                      "user space only: kernel frames need perf_event_paranoid <= 1 (it is 2)", 1000}});
  scene.history.apply(ProfileBatch{run.now(), WorkerRole::writer, {ProfileSample{{ProfileFrame{"main", false}}}}, 0});
  scene.history.apply(ProfileStarted{
      run.now(), WorkerRole::reader, {"cpu-clock", ProfileMode::unavailable, "process 9 has exited", 0}});
  const Drawn d = draw(scene, 160, 40);
  const std::string panel = panel_text(d);
  EXPECT_TRUE(has(panel, "user space only: kernel frames need perf_event_paranoid <= 1 (it is 2)")) << panel;
  EXPECT_TRUE(has(panel, " writer too few samples (1 of the 100 a share needs)")) << panel;
  EXPECT_TRUE(has(panel, " reader unavailable: process 9 has exited")) << panel;
  EXPECT_TRUE(has(panel, "pipe fill: 0 of the 50 looks a share needs")) << panel;
  EXPECT_FALSE(has(panel, "smp")) << panel;
  // Profiling turned off: the time shares still show.
  Scene off = scene;
  off.history = History{};
  SyntheticRun again(off.history);
  again.begin(kStart, off.state.config);
  again.run(2 * kSec, 8.0);
  off.state.profiling = false;
  const std::string quiet = panel_text(draw(off, 120, 40));
  EXPECT_TRUE(has(quiet, "profiling off (--no-profile)")) << quiet;
  EXPECT_TRUE(has(quiet, " writer not profiled")) << quiet;
  EXPECT_TRUE(has(quiet, "writer user ")) << quiet;
}

TEST(ProfilePanel, AfterAChangeThePreviousConfigurationsProfileShowsToCompare) {
  Scene scene = profiled_scene();
  SyntheticRun run(scene.history);
  RunConfig busy = scene.state.config;
  busy.busy_loop = true;
  busy.huge_pages = true;
  run.begin(scene.now_ns + 5 * kMs, busy, "+huge +busy", default_counters());
  profile_segment(scene.history, run.now(), "busy-vmsplice-splice-huge");
  run.run(3 * kSec, 40.0);
  scene.now_ns = run.now();
  const Drawn d = draw(scene, 160, 40);
  ASSERT_EQ(d.layout.profile.h, kMaxProfileRows);
  const std::string before = d.canvas.line(d.layout.profile.y + 6);
  // The blocking profile of the segment before, largest shares first, beside the busy one's bars.
  EXPECT_TRUE(before.starts_with(" before +huge +busy  writer wait/wake 6")) << panel_text(d);
  EXPECT_TRUE(has(before, "  reader wait/wake ")) << before;
  EXPECT_FALSE(has(d.canvas.line(d.layout.profile.y + 1), "wait/wake 6")) << panel_text(d);
  EXPECT_TRUE(has(d.canvas.line(d.layout.profile.y + 7), " ← ")) << panel_text(d);
  // The first profiled segment has nothing before it to compare with.
  const Drawn first = draw(shared_profiled_scene(), 160, 40);
  EXPECT_FALSE(has(panel_text(first), "before ")) << panel_text(first);
}

TEST(ProfilePanel, TheKeyHidesItAndTheChartTakesTheRowsBack) {
  Scene scene = profiled_scene();
  const Drawn shown = draw(scene, 100, 30);
  scene.state.profile_panel = false;
  const Drawn hidden = draw(scene, 100, 30);
  EXPECT_TRUE(has(shown.canvas.dump(), "where the time goes"));
  EXPECT_FALSE(has(hidden.canvas.dump(), "where the time goes"));
  EXPECT_GT(hidden.layout.chart.h, shown.layout.chart.h);
  // On a screen too short for it the panel stays away, whatever the key says.
  EXPECT_FALSE(has(draw(profiled_scene(), 100, 18).canvas.dump(), "where the time goes"));
}

TEST(ProfilePanel, AsciiAndTheHelpExplainEachCategory) {
  Scene scene = profiled_scene();
  const Drawn ascii = draw(scene, 120, 40, false);
  EXPECT_TRUE(is_ascii(panel_text(ascii))) << panel_text(ascii);
  EXPECT_TRUE(has(panel_text(ascii), " <- ")) << panel_text(ascii);
  scene.state.help = true;
  EXPECT_TRUE(has(draw(scene, 120, 40).canvas.dump(), "w     where the time goes"));  // the keys' page
  scene.state.help_page = 1;                                                          // the figures' page
  const Drawn help = draw(scene, 120, 40);
  const std::string text = help.canvas.dump();
  for (const CategoryRule& rule : category_rules()) {
    EXPECT_TRUE(has(
        text, std::string(rule.short_name) + std::string(12 - rule.short_name.size(), ' ') + std::string(rule.help)))
        << rule.name << "\n"
        << text;
  }
  EXPECT_TRUE(has(text, "time        user/kernel: running")) << text;
}

}  // namespace
}  // namespace pipetop

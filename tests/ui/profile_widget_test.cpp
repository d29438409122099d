// The "where the time goes" panel rendered to text: a stacked bar per worker with its categories'
// labels, the bottleneck line, time shares and top stacks as rows allow, at several sizes; and what
// it says instead when there is no profile to show.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <regex>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "model_fixture.hpp"
#include "pipetop/ui/theme.hpp"
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
    EXPECT_TRUE(has(d.canvas.line(top + 1), "400 samples")) << panel;
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

// A bar read back from its text alone, as on a terminal without colour: each segment a label (the
// category's short name and/or its percentage) and a run of its fill, or the fill alone.
struct ReadSegment {
  ProfileCategory category;
  int cells = 0;
};

std::optional<ProfileCategory> category_of_fill(char c) {
  for (const CategoryRule& rule : category_rules()) {
    if (category_fill(rule.category) == c) return rule.category;
  }
  return std::nullopt;
}

// Fails (nullopt) where the text does not read as such segments.
std::optional<std::vector<ReadSegment>> read_bar(const std::string& bar) {
  std::vector<ReadSegment> segments;
  std::size_t at = 0;
  const std::regex percent("^[0-9]+%");
  while (at < bar.size()) {
    const std::size_t start = at;
    std::optional<ProfileCategory> named;
    for (const CategoryRule& rule : category_rules()) {  // the longest name that matches
      if (bar.compare(at, rule.short_name.size(), rule.short_name) == 0 &&
          (!named || rule.short_name.size() > category_rule(*named).short_name.size())) {
        named = rule.category;
      }
    }
    if (named) at += category_rule(*named).short_name.size();
    std::smatch m;
    const std::string rest = bar.substr(named ? at + 1 : at);
    if (std::regex_search(rest, m, percent) && (!named || bar[at] == ' '))
      at += (named ? 1U : 0U) + static_cast<std::size_t>(m.length(0));
    if (at > start && at < bar.size() && bar[at] == ' ') ++at;  // the blank between a label and its fill
    const std::optional<ProfileCategory> filled = at < bar.size() ? category_of_fill(bar[at]) : std::nullopt;
    if (filled && named && *filled != *named) return std::nullopt;  // a label followed by another's fill
    const std::optional<ProfileCategory> category = named ? named : filled;
    if (!category) return std::nullopt;
    while (at < bar.size() && bar[at] == category_fill(*category)) ++at;
    segments.push_back({*category, static_cast<int>(at - start)});
  }
  return segments;
}

// Regression: at 80 columns labels were cut, a segment showed a stray first letter, and two
// neighbouring categories in the same colour (locks and copy are both yellow in the dark theme) read
// as one bar; under NO_COLOR none could be told apart. Every segment now reads from its text alone.
TEST(ProfilePanel, EveryCategoryReadsApartFromTheTextAlone) {
  const Scene& scene = shared_profiled_scene();
  for (const auto& [w, h] : {std::pair{60, 19}, {80, 24}, {120, 40}, {200, 60}}) {
    for (const bool unicode : {true, false}) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + (unicode ? "" : " ascii"));
      const Drawn d = draw(scene, w, h, unicode);
      for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
        const int y = d.layout.profile.y + 1 + static_cast<int>(role_index(role));
        int first = -1;
        int last = -1;
        for (int x = 0; x < w; ++x) {
          if (!d.canvas.style_at(x, y).reverse) continue;
          if (first < 0) first = x;
          last = x;
        }
        ASSERT_GE(first, 0) << d.canvas.line(y);
        const std::string bar = cells(d.canvas, first, y, last - first + 1);
        const std::optional<std::vector<ReadSegment>> read = read_bar(bar);
        ASSERT_TRUE(read.has_value()) << "'" << bar << "' does not read as segments";
        // In table order, each category once: neighbours are never merged.
        for (std::size_t i = 1; i < read->size(); ++i) {
          EXPECT_LT(static_cast<int>((*read)[i - 1].category), static_cast<int>((*read)[i].category)) << bar;
        }
        // Every category with a cell's worth of samples is there, as long as its share says.
        const ProfileSummary summary = summarize_profile(*scene.history.profile(role));
        const int width = last - first + 1;
        for (const CategoryShare& c : summary.categories) {
          if (c.share * width < 1) continue;
          const auto found = std::ranges::find(*read, c.category, &ReadSegment::category);
          ASSERT_NE(found, read->end()) << category_rule(c.category).short_name << " missing in '" << bar << "'";
          EXPECT_NEAR(found->cells, c.share * width, 1.0) << bar;
        }
        EXPECT_FALSE(std::regex_search(bar, std::regex("(^|[^a-z/])[a-z]([^a-z/]|$)"))) << "a lone letter: " << bar;
      }
    }
  }
}

// Regression: "1.02 k smp +1…": what the count after a bar counts, and the lost samples, cut.
TEST(ProfilePanel, TheCountSaysItCountsSamplesAndLostOnesShowWhole) {
  Scene scene = profiled_scene();
  scene.history.apply(ProfileBatch{scene.now_ns, WorkerRole::reader, {}, 3});
  for (const int w : {60, 80, 120}) {
    const Drawn d = draw(scene, w, 24);
    const std::string writer = d.canvas.line(d.layout.profile.y + 1);
    const std::string reader = d.canvas.line(d.layout.profile.y + 2);
    EXPECT_TRUE(has(writer, " samples")) << writer;
    EXPECT_TRUE(has(reader, " samples +3 lost")) << reader;
    EXPECT_FALSE(has(writer + reader, "smp")) << writer << "\n" << reader;
    EXPECT_FALSE(has(writer + reader, "…")) << writer << "\n" << reader;
    // Both bars end in the same column, before the wider count.
    std::array<int, 2> ends{-1, -1};
    for (const int row : {1, 2}) {
      for (int x = 0; x < w; ++x) {
        if (d.canvas.style_at(x, d.layout.profile.y + row).reverse) ends[static_cast<std::size_t>(row - 1)] = x;
      }
    }
    EXPECT_EQ(ends[0], ends[1]) << writer << "\n" << reader;
    EXPECT_EQ(reader.find(" samples +3 lost") + std::string(" samples +3 lost").size() + 1, static_cast<std::size_t>(w))
        << "the count ends one cell from the panel's edge: " << reader;
  }
}

// Neighbours in the table get different colours in every theme with colours, on top of their fills.
TEST(ProfilePanel, NeighbouringCategoriesDifferInColourInEveryTheme) {
  const std::span<const CategoryRule> rules = category_rules();
  for (const ThemeName theme : {ThemeName::dark, ThemeName::light, ThemeName::high_contrast}) {
    for (std::size_t i = 1; i < rules.size(); ++i) {
      const Look a = theme_look(theme, category_color(rules[i - 1].category));
      const Look b = theme_look(theme, category_color(rules[i].category));
      EXPECT_TRUE(a.fg != b.fg || a.dim != b.dim) << rules[i - 1].short_name << " and " << rules[i].short_name;
    }
  }
  std::set<char> fills;
  for (const CategoryRule& rule : rules) fills.insert(category_fill(rule.category));
  EXPECT_EQ(fills.size(), rules.size()) << "a fill of its own for each category";
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
    // The swatch shows the category as its bar segments do: its fill glyph, then its name.
    EXPECT_TRUE(has(text, std::string(1, category_fill(rule.category)) + " " + std::string(rule.short_name) +
                              std::string(12 - rule.short_name.size(), ' ') + std::string(rule.help)))
        << rule.name << "\n"
        << text;
  }
  EXPECT_TRUE(has(text, "time          user/kernel: running")) << text;
}

}  // namespace
}  // namespace pipetop

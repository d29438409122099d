// The footer, the help overlay and the status line: the keys come from key_bindings(), so they cannot
// disagree with what the keys do.

#include <gtest/gtest.h>

#include <string>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

std::string footer_entry(const KeyBinding& k) {
  return std::string(k.label) + " " + std::string(k.footer);
}

TEST(Footer, EveryLabelledKeyWhenWideInTableOrder) {
  Scene s;
  TextCanvas c(200, 1);
  draw_footer(c, Rect{0, 0, 200, 1}, s.model());
  std::string expected;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) continue;
    expected += footer_entry(k) + " ";
  }
  EXPECT_TRUE(c.line(0).starts_with(expected)) << c.line(0) << "\n" << expected;
  EXPECT_TRUE(has(c.line(0), "v vmsplice s splice h huge b busy +/- buffer"));
  EXPECT_TRUE(has(c.line(0), "space freeze"));
  EXPECT_TRUE(has(c.line(0), "? help q quit"));
}

TEST(Footer, HelpQuitAndTheProfilePanelsKeyAtEveryWidth) {
  Scene s;
  // From the three entries' own width (the dashboard's footer is never narrower than kMinWidth).
  for (int w = 20; w <= 300; ++w) {
    TextCanvas c(w, 1);
    draw_footer(c, Rect{0, 0, w, 1}, s.model());
    const std::string line = c.line(0);
    ASSERT_TRUE(has(line, "? help ")) << w << ": " << line;
    ASSERT_TRUE(has(line, "q quit")) << w << ": " << line;
    ASSERT_TRUE(has(line, "w why ")) << w << ": " << line;  // brings the hidden panel back
    // Entries are whole: each label shown is followed by its own words.
    for (const KeyBinding& k : key_bindings()) {
      if (k.label.empty() || k.label.size() < 2) continue;  // one-letter labels also occur inside words
      const std::size_t at = line.find(std::string(k.label) + " ");
      if (at != std::string::npos) {
        EXPECT_EQ(line.substr(at, footer_entry(k).size()), footer_entry(k)) << w << ": " << line;
      }
    }
  }
}

TEST(Footer, KeysReverseAndTogglesThatAreOnHighlighted) {
  Scene s;
  s.state.config.busy_loop = true;
  s.state.config.writer = WriterKind::vmsplice;
  s.state.log_scale = true;
  TextCanvas c(200, 1);
  draw_footer(c, Rect{0, 0, 200, 1}, s.model());
  const auto style_of = [&](std::string_view words) {
    const int x = column_of(c, 0, words);
    EXPECT_GE(x, 0) << words;
    return c.style_at(std::max(x, 0), 0);
  };
  // The key itself: reverse video.
  const Style key = style_of("b busy");
  EXPECT_TRUE(key.reverse);
  EXPECT_EQ(key.color, Color::title);
  // On: accent and bold; off: dim.
  for (const char* on : {"busy", "vmsplice", "log", "prefault"}) {  // pre-faulting is on unless 't' turned it off
    const Style word = style_of(std::string(" ") + on + " ");
    EXPECT_EQ(word.color, Color::accent) << on;
    EXPECT_TRUE(word.bold) << on;
  }
  for (const char* off : {" splice ", " huge ", " poll ", " gift ", " mlock ", " freeze "}) {
    const Style word = c.style_at(column_of(c, 0, off) + 1, 0);
    EXPECT_EQ(word.color, Color::dim) << off;
    EXPECT_FALSE(word.bold) << off;
  }
  Scene touchless;
  touchless.state.config.no_touch = true;
  TextCanvas d(200, 1);
  draw_footer(d, Rect{0, 0, 200, 1}, touchless.model());
  EXPECT_EQ(d.style_at(column_of(d, 0, " prefault ") + 1, 0).color, Color::dim);
}

std::string help_line(const KeyBinding& k) {
  return std::string(k.label) + std::string(6 - k.label.size(), ' ') + std::string(k.help);
}

TEST(Help, At80x24EveryKeyAndEveryFigureLine) {
  Scene s = standard_scene();
  s.state.help = true;
  TextCanvas c(80, 24);
  draw_dashboard(c, s.model());
  const std::string dump = c.dump();
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) continue;
    EXPECT_TRUE(has(dump, help_line(k))) << help_line(k) << "\n" << dump;
  }
  const char* figures[] = {"GiB/s       bytes the reader takes from the pipe per second (GiB = 2^30 B)",
                           "chart       lowest-highest 10 ms rate in each column; ┊ marks a change",
                           "mean p5/p95 since the last change; × is its mean against the first one",
                           "IPC         instructions per cycle",
                           "dTLB/MiB    page-table walks per MiB moved",
                           "faults/GiB  page faults per GiB moved",
                           "ctx sw/s    sleeps and wake-ups per second",
                           "CPU         each worker's user / kernel time",
                           "n/a u N%    not countable (why: header); user-only; ran N% of time, scaled",
                           "drops  ui   samples lost while the dashboard lagged; its own CPU use"};
  for (const char* line : figures) EXPECT_TRUE(has(dump, line)) << line << "\n" << dump;
  // The last figure line, on the row above the box's bottom border.
  const DashboardLayout l = layout_dashboard(80, 24);
  EXPECT_TRUE(has(c.line(l.help.y + l.help.h - 2), "drops  ui")) << dump;
  EXPECT_TRUE(has(c.line(l.help.y + l.help.h - 1), "? or Esc closes"));
  EXPECT_TRUE(has(c.line(l.help.y), "pipetop: keys and figures"));
  // The footer still shows below the box.
  EXPECT_TRUE(has(c.line(23), "? help"));
}

TEST(Help, TwoColumnsOfKeysWhenWide) {
  TextCanvas c(120, 40);
  const DashboardLayout l = layout_dashboard(120, 40);
  draw_help(c, l.help);
  const KeyBinding* v = find_key('v');
  const KeyBinding* s = find_key('s');
  const int row = row_of(c, help_line(*v));
  ASSERT_GE(row, 0) << c.dump();
  EXPECT_TRUE(has(c.line(row), help_line(*s)));  // beside it
  const std::string dump = c.dump();
  for (const KeyBinding& k : key_bindings()) {
    if (!k.label.empty()) {
      EXPECT_TRUE(has(dump, help_line(k))) << help_line(k);
    }
  }
  EXPECT_TRUE(has(dump, "drops  ui   samples lost while the dashboard lagged; its own CPU use"));
}

TEST(Help, SmallScreensClipInsideTheBox) {
  for (const auto& [w, h] : {std::pair{60, 16}, {70, 30}, {77, 24}, {78, 24}, {79, 24}}) {
    const DashboardLayout l = layout_dashboard(w, h);
    TextCanvas c(w, h);
    draw_help(c, l.help);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        if (c.writes_at(x, y) > 0) {
          ASSERT_TRUE(l.help.contains(x, y)) << w << "x" << h << " " << x << "," << y;
        }
      }
    }
    EXPECT_TRUE(has(c.dump(), help_line(*find_key('v'))));
  }
}

// The help overlay at 78 and 79 columns still uses two key columns, 36 cells each, leaving 29 for a
// key's help; the export key's text is 30 ("export segment: cmd, csv, json"), so it is cut to
// "export segment: cmd, csv, js…" (key_table.hpp promises at most 28).
TEST(Help, EveryKeyWholeAt79Columns) {
  for (const int w : {78, 79}) {
    TextCanvas c(w, 24);
    draw_help(c, layout_dashboard(w, 24).help);
    for (const KeyBinding& k : key_bindings()) {
      if (!k.label.empty()) {
        EXPECT_TRUE(has(c.dump(), help_line(k))) << w << ": " << help_line(k) << "\n" << c.dump();
      }
    }
  }
}

TEST(Status, DropsAndOwnCpuOnTheRight) {
  Scene s;
  TextCanvas c(80, 1);
  draw_status(c, Rect{0, 0, 80, 1}, s.model());
  const std::string own = "drops 0 · ui 1.5% cpu";
  EXPECT_EQ(cells(c, 80 - 21 - 1, 0, 21), own) << c.line(0);
  EXPECT_EQ(c.style_at(70, 0).color, Color::dim);
  s.dropped = 12;
  TextCanvas d(80, 1);
  draw_status(d, Rect{0, 0, 80, 1}, s.model());
  EXPECT_TRUE(has(d.line(0), "drops 12 · ui 1.5% cpu"));
  EXPECT_EQ(d.style_at(70, 0).color, Color::warn);
  TextCanvas a(80, 1, false);
  draw_status(a, Rect{0, 0, 80, 1}, s.model());
  EXPECT_TRUE(has(a.line(0), "drops 12 | ui 1.5% cpu"));
}

TEST(Status, MessagesOnTheLeft) {
  Scene s;
  s.message = "now: +vmsplice";
  TextCanvas c(80, 1);
  draw_status(c, Rect{0, 0, 80, 1}, s.model());
  EXPECT_EQ(cells(c, 1, 0, 14), "now: +vmsplice");
  EXPECT_EQ(c.style_at(1, 0).color, Color::accent);
  s.message = "refused: --gift needs --writer vmsplice";
  s.message_is_error = true;
  TextCanvas d(80, 1);
  draw_status(d, Rect{0, 0, 80, 1}, s.model());
  EXPECT_EQ(d.style_at(1, 0).color, Color::bad);
  EXPECT_TRUE(d.style_at(1, 0).bold);
  // A long message stops short of the figures on the right.
  s.message = std::string(200, 'x');
  TextCanvas e(60, 1);
  draw_status(e, Rect{0, 0, 60, 1}, s.model());
  EXPECT_TRUE(has(e.line(0), "x… drops 0 · ui 1.5% cpu")) << e.line(0);
}

}  // namespace
}  // namespace pipetop

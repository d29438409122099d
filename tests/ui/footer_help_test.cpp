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
  TextCanvas c(300, 1);
  draw_footer(c, Rect{0, 0, 300, 1}, s.model());
  std::string expected;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) continue;
    expected += footer_entry(k) + " ";
  }
  EXPECT_TRUE(c.line(0).starts_with(expected)) << c.line(0) << "\n" << expected;
  EXPECT_TRUE(has(c.line(0), "v vmsplice s splice h huge b busy +/- buffer"));
  EXPECT_TRUE(has(c.line(0), "space pause"));
  EXPECT_TRUE(has(c.line(0), "? help q quit"));
}

// With a producer on stdin pipetop only reads: the footer offered v (vmsplice) all the same, a key
// that is then refused. It offers the keys of pipetop's own side.
TEST(Footer, OnlyTheKeysOfPipetopsOwnSide) {
  Scene s;
  s.state.ends = EndsKind::stdin_reader;
  TextCanvas c(300, 1);
  draw_footer(c, Rect{0, 0, 300, 1}, s.model());
  EXPECT_FALSE(has(c.line(0), "v vmsplice")) << c.line(0);
  EXPECT_FALSE(has(c.line(0), "1-6 ladder")) << c.line(0);
  EXPECT_TRUE(has(c.line(0), "s splice")) << c.line(0);
  EXPECT_TRUE(has(c.line(0), "? help q quit")) << c.line(0);
  s.state.ends = EndsKind::stdout_writer;  // pipetop writes: the reader's key goes
  TextCanvas d(300, 1);
  draw_footer(d, Rect{0, 0, 300, 1}, s.model());
  EXPECT_TRUE(has(d.line(0), "v vmsplice")) << d.line(0);
  EXPECT_FALSE(has(d.line(0), "s splice")) << d.line(0);
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
  TextCanvas c(260, 1);  // wide enough for every key, pause among them
  draw_footer(c, Rect{0, 0, 260, 1}, s.model());
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
  for (const char* off : {" splice ", " huge ", " poll ", " gift ", " mlock ", " pause "}) {
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

int cell_count(std::string_view utf8) {
  int n = 0;
  for (const char ch : utf8) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string help_line(const KeyBinding& k) {
  return std::string(k.label) + std::string(static_cast<std::size_t>(6 - cell_count(k.label)), ' ') +
         std::string(k.help);
}

// The help overlay's page `page` over the dashboard at `w`x`h`, in `mode`.
TextCanvas help_page(int w, int h, int page, DashboardMode mode = DashboardMode::live) {
  TextCanvas c(w, h);
  DashboardState state;
  state.help = true;
  state.help_page = page;
  state.mode = mode;
  draw_help(c, layout_dashboard(w, h).help, state);
  return c;
}

// Every labelled key on page 0: a line of its own, or a flag toggle in the compact list.
void expect_every_key(const TextCanvas& c, const std::string& where) {
  const std::string dump = c.dump();
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) continue;
    const std::string shown = k.flag != nullptr ? std::string(k.label) + " " + std::string(k.footer) : help_line(k);
    EXPECT_TRUE(has(dump, shown)) << where << ": " << shown << "\n" << dump;
  }
}

TEST(Help, At80x24EveryKeyThenEveryFigureLine) {
  Scene s = standard_scene();
  s.state.help = true;
  TextCanvas c(80, 24);
  draw_dashboard(c, s.model());
  expect_every_key(c, "80x24");
  const DashboardLayout l = layout_dashboard(80, 24);
  EXPECT_TRUE(has(c.line(l.help.y), "pipetop: keys (1/2)"));
  EXPECT_TRUE(has(c.line(l.help.y + l.help.h - 1), "? figures · Esc closes"));
  // The footer still shows below the box.
  EXPECT_TRUE(has(c.line(23), "? help"));

  const TextCanvas f = help_page(80, 24, 1);
  const std::string dump = f.dump();
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
  EXPECT_TRUE(has(f.line(l.help.y), "pipetop: figures (2/2)"));
  EXPECT_TRUE(has(f.line(l.help.y + l.help.h - 1), "? or Esc closes"));
}

TEST(Help, TwoColumnsOfKeysWhenWide) {
  const TextCanvas c = help_page(120, 40, 0);
  const int row = row_of(c, help_line(*find_key('l')));
  ASSERT_GE(row, 0) << c.dump();
  int keys_on_row = 0;  // 'l' and another key beside it, whichever the layout puts there
  for (const KeyBinding& k : key_bindings()) {
    if (!k.label.empty() && k.flag == nullptr && has(c.line(row), help_line(k))) ++keys_on_row;
  }
  EXPECT_GE(keys_on_row, 2) << c.dump();
  expect_every_key(c, "120x40");
}

TEST(Help, AReplaySaysTheConfigurationKeysAreOff) {
  const std::string dump = help_page(120, 40, 0, DashboardMode::replay).dump();
  EXPECT_TRUE(has(dump, "the keys that change the configuration are off in a replay")) << dump;
  EXPECT_FALSE(has(dump, help_line(*find_key('v')))) << dump;
  EXPECT_TRUE(has(dump, help_line(*find_key('L')))) << dump;
}

TEST(Help, SmallScreensClipInsideTheBox) {
  for (const auto& [w, h] : {std::pair{60, 16}, {70, 30}, {77, 24}, {78, 24}, {79, 24}}) {
    const DashboardLayout l = layout_dashboard(w, h);
    for (const int page : {0, 1}) {
      const TextCanvas c = help_page(w, h, page);
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
          if (c.writes_at(x, y) > 0) {
            ASSERT_TRUE(l.help.contains(x, y)) << w << "x" << h << " " << x << "," << y;
          }
        }
      }
    }
    EXPECT_TRUE(has(help_page(w, h, 0).dump(), help_line(*find_key('v'))));
  }
}

TEST(Help, EveryKeyWholeAt78And79Columns) {
  for (const int w : {78, 79}) expect_every_key(help_page(w, 24, 0), std::to_string(w));
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

// The whole dashboard drawn on the in-memory canvas across the range of terminal sizes.

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

std::vector<int> sample_range(int from, int to, int step, std::initializer_list<int> extra) {
  std::vector<int> out;
  for (int v = from; v <= to; v += step) out.push_back(v);
  out.push_back(to);
  out.insert(out.end(), extra);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

const std::vector<int>& widths() {
  static const std::vector<int> w = sample_range(20, 300, 7, {59, 60, 61, 79, 80, 99, 100, 101, 299});
  return w;
}

const std::vector<int>& heights() {
  static const std::vector<int> h = sample_range(6, 100, 5, {15, 16, 17, 23, 24, 25, 99});
  return h;
}

std::string size_text(int w, int h) {
  return std::to_string(w) + "x" + std::to_string(h);
}

TEST(Dashboard, RendersAcrossTheSizeGrid) {
  const Scene& scene = shared_standard_scene();
  const DashboardModel model = scene.model();
  int drawn = 0;
  for (const int w : widths()) {
    for (const int h : heights()) {
      SCOPED_TRACE(size_text(w, h));
      TextCanvas c(w, h);
      const std::vector<HeaderSpan> spans = draw_dashboard(c, model);
      ++drawn;
      const std::string dump = c.dump();
      if (w < kMinWidth || h < kMinHeight) {
        EXPECT_TRUE(spans.empty());
        EXPECT_TRUE(has(dump, "terminal too small")) << dump;
        EXPECT_FALSE(has(dump, "pipetop")) << dump;
        if (w >= 31) {
          EXPECT_TRUE(has(dump, "needs 60×16")) << dump;
        }
        continue;
      }
      EXPECT_TRUE(c.line(0).starts_with(" pipetop ")) << dump;
      const std::string footer = c.line(h - 1);
      EXPECT_TRUE(has(footer, "? help")) << footer;
      EXPECT_TRUE(has(footer, "q quit")) << footer;
      EXPECT_FALSE(has(dump, "terminal too small"));
      EXPECT_TRUE(has(dump, "GiB/s")) << dump;
      EXPECT_TRUE(has(dump, "counters")) << dump;
      ASSERT_FALSE(spans.empty());
      for (const HeaderSpan& span : spans) {
        EXPECT_EQ(span.area.y, 0);
        EXPECT_GE(span.area.x, 0);
        EXPECT_LE(span.area.x + span.area.w, w);
      }
      // The same in ASCII.
      TextCanvas a(w, h, false);
      draw_dashboard(a, model);
      EXPECT_TRUE(a.line(0).starts_with(" pipetop "));
      EXPECT_TRUE(has(a.line(h - 1), "? help"));
      EXPECT_TRUE(has(a.line(h - 1), "q quit"));
    }
  }
  EXPECT_GT(drawn, 1000);
}

TEST(Dashboard, EveryWidgetStaysInsideItsRegion) {
  const Scene& scene = shared_standard_scene();
  const DashboardModel model = scene.model();
  using Draw = std::function<void(Canvas&, const Rect&)>;
  for (const int w : widths()) {
    for (const int h : heights()) {
      const DashboardLayout l = layout_dashboard(w, h);
      if (l.too_small) continue;
      SCOPED_TRACE(size_text(w, h));
      const std::pair<const char*, std::pair<Rect, Draw>> widgets[] = {
          {"header", {l.header, [&](Canvas& c, const Rect& r) { (void)draw_header(c, r, model); }}},
          {"chart", {l.chart, [&](Canvas& c, const Rect& r) { draw_chart(c, r, model); }}},
          {"readout", {l.readout, [&](Canvas& c, const Rect& r) { draw_readout(c, r, model); }}},
          {"counters", {l.counters, [&](Canvas& c, const Rect& r) { draw_counters(c, r, model); }}},
          {"status", {l.status, [&](Canvas& c, const Rect& r) { draw_status(c, r, model); }}},
          {"footer", {l.footer, [&](Canvas& c, const Rect& r) { draw_footer(c, r, model); }}},
          {"help", {l.help, [&](Canvas& c, const Rect& r) { draw_help(c, r, model.state); }}},
      };
      for (const auto& [name, what] : widgets) {
        const auto& [rect, draw] = what;
        TextCanvas c(w, h);
        draw(c, rect);
        int outside = 0;
        int inside = 0;
        for (int y = 0; y < h; ++y) {
          for (int x = 0; x < w; ++x) {
            if (c.writes_at(x, y) == 0) continue;
            (rect.contains(x, y) ? inside : outside) += 1;
          }
        }
        EXPECT_EQ(outside, 0) << name << "\n" << c.dump();
        EXPECT_GT(inside, 0) << name;
      }
    }
  }
}

TEST(Dashboard, NarrowAndShortEdges) {
  const Scene& scene = shared_standard_scene();
  const DashboardModel model = scene.model();
  for (const auto& [w, h] : {std::pair{60, 16}, {61, 17}, {80, 24}, {300, 100}, {60, 100}, {300, 16}}) {
    SCOPED_TRACE(size_text(w, h));
    TextCanvas c(w, h);
    draw_dashboard(c, model);
    EXPECT_TRUE(c.line(0).starts_with(" pipetop "));
    EXPECT_TRUE(has(c.line(h - 1), "? help"));
    EXPECT_TRUE(has(c.line(h - 1), "q quit"));
    // The status line shows the dashboard's own figures on the right.
    EXPECT_TRUE(has(c.line(h - 2), "drops 0")) << c.line(h - 2);
    EXPECT_TRUE(has(c.line(h - 2), "ui 1.5% cpu")) << c.line(h - 2);
  }
}

TEST(Dashboard, TooSmallNoticeBelowTheMinimum) {
  const Scene& scene = shared_standard_scene();
  const DashboardModel model = scene.model();
  for (const auto& [w, h] : {std::pair{59, 16}, {60, 15}, {40, 10}, {59, 30}, {200, 15}}) {
    SCOPED_TRACE(size_text(w, h));
    TextCanvas c(w, h);
    EXPECT_TRUE(draw_dashboard(c, model).empty());
    const int row = row_of(c, "terminal too small: needs 60×16");
    ASSERT_GE(row, 0) << c.dump();
    EXPECT_TRUE(has(c.line(row + 1), "now " + std::to_string(w) + "×" + std::to_string(h) + ", q quits"));
    // Centred: as much room left as right.
    const std::string line = c.line(row);
    const int left = column_of(c, row, "terminal");
    const int used = static_cast<int>(std::string_view("terminal too small: needs 60×16").size()) - 1;  // × is 2 bytes
    EXPECT_LE(std::abs((w - used - left) - left), 1) << line;
  }
  TextCanvas ascii(40, 10, false);
  draw_dashboard(ascii, model);
  EXPECT_TRUE(has(ascii.dump(), "needs 60x16"));
  EXPECT_TRUE(is_ascii(ascii.dump()));
}

// At widths below 31 the notice is cut to "terminal too small:…" and the size it needs, the one thing
// the user has to know, is not shown (too_small_widget.cpp, draw_too_small: the one line is clipped).
TEST(Dashboard, TooSmallNoticeNamesTheNeededSizeEvenWhenNarrow) {
  const Scene& scene = shared_standard_scene();
  for (const int w : {20, 25, 30}) {
    TextCanvas c(w, 10);
    draw_dashboard(c, scene.model());
    EXPECT_TRUE(has(c.dump(), "60×16")) << c.dump();
  }
}

TEST(Dashboard, HelpOverlayDrawsOverTheRestAtEverySize) {
  Scene scene = standard_scene();
  scene.state.help = true;
  const DashboardModel model = scene.model();
  for (const int w : widths()) {
    for (const int h : heights()) {
      const DashboardLayout l = layout_dashboard(w, h);
      if (l.too_small) continue;
      SCOPED_TRACE(size_text(w, h));
      TextCanvas c(w, h);
      draw_dashboard(c, model);
      EXPECT_TRUE(has(c.line(l.help.y), "pipetop: keys (1/2)"));
      EXPECT_TRUE(has(c.line(l.help.y + l.help.h - 1), "? figures · Esc closes"));
      // The box is opaque: nothing of the chart or counters shows through inside it.
      for (int y = l.help.y + 1; y < l.help.y + l.help.h - 1; ++y) {
        const std::string row = cells(c, l.help.x + 1, y, l.help.w - 2);
        EXPECT_FALSE(has(row, "context switches/s")) << row;  // a row of the counters panel
        for (int x = l.help.x + 1; x < l.help.x + l.help.w - 1; ++x) {
          EXPECT_FALSE(is_braille(c.glyph_at(x, y))) << x << "," << y;
        }
      }
    }
  }
}

TEST(Dashboard, AsciiDashboardWithDataIsAsciiButForTheCpuArrow) {
  Scene scene = standard_scene();
  scene.machine = "Test CPU @ 3.0GHz, Linux 6.1.0";  // the app's machine_summary() joins with " · "
  for (const auto& [w, h] : {std::pair{60, 16}, {80, 24}, {120, 40}, {200, 60}}) {
    SCOPED_TRACE(size_text(w, h));
    TextCanvas c(w, h, false);
    draw_dashboard(c, scene.model());
    for (int y = 1; y < h; ++y) EXPECT_TRUE(is_ascii(c.line(y))) << y << ": " << c.line(y);
    // See Header.AsciiCpuPairIsAscii: only "→" is left on the first row.
    std::string top = c.line(0);
    for (std::size_t at = top.find("→"); at != std::string::npos; at = top.find("→")) top.replace(at, 3, "->");
    EXPECT_TRUE(is_ascii(top)) << top;
  }
}

// With --ascii (or a non-UTF-8 locale) the dashboard still draws non-ASCII glyphs in three places:
// - help_overlay.cpp, kFigures: the lines "chart ... ┊ marks a change" and "mean p5/p95 ... × is its
//   mean" are drawn as they are, whatever canvas.unicode() says;
// - readout_widget.cpp, draw_readout: the placeholder "—" when there is no rate (and "mean —",
//   "p5/p95 —");
// - counters_widget.cpp, draw_cell / missing(), status_widget.cpp (format_fixed): "—" for a missing
//   figure, so a fresh ASCII dashboard shows "—" in the counters and "ui —% cpu" on the status line.
TEST(Dashboard, AsciiDashboardIsPureAsciiWithHelpAndWithoutData) {
  Scene empty;
  empty.ui_cpu_percent.reset();
  TextCanvas c(80, 24, false);
  draw_dashboard(c, empty.model());
  EXPECT_TRUE(is_ascii(c.dump())) << c.dump();
  Scene help = standard_scene();
  help.state.help = true;
  TextCanvas d(80, 24, false);
  draw_dashboard(d, help.model());
  EXPECT_TRUE(is_ascii(d.dump())) << d.dump();
}

TEST(Dashboard, EmptyHistoryDrawsEverywhereWithoutCrashing) {
  Scene empty;
  for (const int w : {20, 60, 80, 133, 300}) {
    for (const int h : {6, 16, 24, 57, 100}) {
      TextCanvas c(w, h);
      draw_dashboard(c, empty.model());
      if (w >= kMinWidth && h >= kMinHeight) {
        EXPECT_TRUE(has(c.dump(), "waiting for samples")) << c.dump();
      }
    }
  }
}

TEST(Dashboard, RegionsDoNotOverwriteEachOther) {
  // Drawn in one go, every cell of the screen was written by the widget of its region only: the header
  // row never carries chart glyphs, the footer never carries counters, and so on.
  const Scene& scene = shared_standard_scene();
  TextCanvas c(100, 30);
  draw_dashboard(c, scene.model());
  const DashboardLayout l = layout_dashboard(100, 30);
  for (int y = l.footer.y; y < l.footer.y + l.footer.h; ++y) {
    EXPECT_FALSE(has(c.line(y), "drops")) << c.line(y);
  }
  for (int y = l.header.y; y < l.header.y + l.header.h; ++y) {
    for (int x = 0; x < 100; ++x) EXPECT_FALSE(is_braille(c.glyph_at(x, y)));
  }
}

}  // namespace
}  // namespace pipetop

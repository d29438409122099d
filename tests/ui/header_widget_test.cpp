// The header: the configuration in words, each part clickable, and machine / counters / problem.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

Scene header_scene() {
  Scene s;
  s.state.config.writer = WriterKind::vmsplice;
  s.state.config.reader = ReaderKind::splice;
  s.state.config.huge_pages = true;
  s.state.config.busy_loop = true;
  s.state.config.buffer_bytes = 256 * kKiB;
  s.state.config.writer_cpu = 0;
  s.state.config.reader_cpu = 1;
  s.history.begin_segment(SegmentStart{0, s.state.config, "vmsplice/splice", {}, {}, 128 * kKiB, {}});
  s.history.set_huge_pages({true, true, "AnonHugePages 4096 kB in both", 1});
  return s;
}

std::string span_text(const TextCanvas& c, const HeaderSpan& s) {
  return cells(c, s.area.x, s.area.y, s.area.w);
}

TEST(Header, ConfigurationInWords) {
  const Scene s = header_scene();
  TextCanvas c(160, 2);
  draw_header(c, Rect{0, 0, 160, 2}, s.model());
  const std::string top = c.line(0);
  EXPECT_TRUE(top.starts_with(" pipetop ")) << top;
  EXPECT_TRUE(c.style_at(1, 0).reverse);
  for (const char* part : {"writer vmsplice", "reader splice", "huge pages ✓ verified", "busy loop", "buffer 256 KiB",
                           "pipe 128 KiB", "cpu 0→1"}) {
    EXPECT_TRUE(has(top, part)) << part << " in\n" << top;
  }
  EXPECT_TRUE(has(top,
                  "writer vmsplice · reader splice · huge pages ✓ verified · busy loop · buffer 256 KiB · "
                  "pipe 128 KiB · cpu 0→1"))
      << top;
  EXPECT_EQ(c.style_at(column_of(c, 0, "huge pages"), 0).color, Color::good);
  EXPECT_EQ(c.style_at(column_of(c, 0, "writer"), 0).color, Color::accent);
}

// While the first pair starts no pipe exists yet: the header said "pipe 0 B".
TEST(Header, BeforeThePipeExistsItsSizeIsTheOneAskedForOrUnknown) {
  Scene s;
  TextCanvas c(160, 2);
  draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_FALSE(has(c.line(0), "pipe 0 B")) << c.line(0);
  EXPECT_TRUE(has(c.line(0), "pipe ?")) << c.line(0);
  s.state.config.writer = WriterKind::vmsplice;  // the pipe will be half the buffer
  TextCanvas v(160, 2);
  draw_header(v, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(v.line(0), "pipe 128 KiB")) << v.line(0);
}

TEST(Header, SpansMapPartsToKeys) {
  const Scene s = header_scene();
  TextCanvas c(160, 2);
  const std::vector<HeaderSpan> spans = draw_header(c, Rect{0, 0, 160, 2}, s.model());
  const std::vector<std::pair<int, std::string>> expected{
      {'v', "writer vmsplice"}, {'s', "reader splice"},  {'h', "huge pages ✓ verified"},
      {'b', "busy loop"},       {'+', "buffer 256 KiB"}, {']', "pipe 128 KiB"},
      {'c', "cpu 0→1"}};
  ASSERT_EQ(spans.size(), expected.size());
  for (std::size_t i = 0; i < spans.size(); ++i) {
    EXPECT_EQ(spans[i].key, expected[i].first) << i;
    EXPECT_EQ(span_text(c, spans[i]), expected[i].second);
    EXPECT_EQ(spans[i].area.y, 0);
    EXPECT_EQ(spans[i].area.h, 1);
    if (i > 0) {
      EXPECT_GT(spans[i].area.x, spans[i - 1].area.x + spans[i - 1].area.w - 1);
    }
  }
  // A click inside a span finds its key; the key does what the part says.
  const HeaderSpan& busy = spans[3];
  EXPECT_TRUE(busy.area.contains(busy.area.x, 0));
  EXPECT_TRUE(busy.area.contains(busy.area.x + busy.area.w - 1, 0));
  EXPECT_FALSE(busy.area.contains(busy.area.x + busy.area.w, 0));
  DashboardState state = s.state;
  ASSERT_NE(find_key(busy.key), nullptr);
  (void)press(*find_key(busy.key), state);
  EXPECT_FALSE(state.config.busy_loop);
}

// Issue 22: a page kind and a prefault method beyond the seed's flags are named, each a span of its key.
TEST(Header, PagesAndPrefaultMethodAreNamedWithTheirKeys) {
  Scene s;
  s.state.config.pages = PageKind::hugetlb;
  s.state.config.prefault = Prefault::populate;
  TextCanvas c(160, 2);
  const std::vector<HeaderSpan> spans = draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(c.line(0), "reader read · pages hugetlb · prefault populate · buffer 256 KiB")) << c.line(0);
  std::vector<int> keys;
  for (const HeaderSpan& span : spans) keys.push_back(span.key);
  EXPECT_NE(std::find(keys.begin(), keys.end(), 'P'), keys.end());
  EXPECT_NE(std::find(keys.begin(), keys.end(), 'F'), keys.end());
  Scene plain;
  TextCanvas d(160, 2);
  draw_header(d, Rect{0, 0, 160, 2}, plain.model());
  EXPECT_FALSE(has(d.line(0), "pages")) << "the defaults are not named: " << d.line(0);
  EXPECT_FALSE(has(d.line(0), "prefault")) << d.line(0);
}

TEST(Header, HugePagesNotVerified) {
  Scene s = header_scene();
  s.history.set_huge_pages({true, false, "AnonHugePages 0 kB", 1});
  TextCanvas c(160, 2);
  const std::vector<HeaderSpan> spans = draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(c.line(0), "huge pages ✗ not verified")) << c.line(0);
  EXPECT_FALSE(has(c.line(0), "✓"));
  EXPECT_EQ(c.style_at(column_of(c, 0, "huge pages"), 0).color, Color::bad);
  ASSERT_GE(spans.size(), 3U);
  EXPECT_EQ(spans[2].key, 'h');
  EXPECT_EQ(span_text(c, spans[2]), "huge pages ✗ not verified");
}

TEST(Header, OnlyTheFlagsThatAreOn) {
  Scene s;
  s.state.config.writer_cpu = 2;
  s.state.config.reader_cpu = 2;
  s.history.begin_segment(SegmentStart{0, s.state.config, "write/read", {}, {}, 128 * kKiB, {}});
  TextCanvas c(160, 2);
  std::vector<HeaderSpan> spans = draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(c.line(0), "writer write · reader read · buffer 256 KiB · pipe 128 KiB · cpu 2→2 same")) << c.line(0);
  EXPECT_FALSE(has(c.line(0), "huge"));
  EXPECT_EQ(spans.size(), 5U);

  s.state.config.writer_cpu = kUnpinned;
  s.state.config.reader_cpu = kUnpinned;
  s.state.config.poll = true;
  s.state.config.gift = true;
  s.state.config.lock_memory = true;
  s.state.config.no_touch = true;
  s.state.config.verify = true;
  TextCanvas d(200, 2);
  spans = draw_header(d, Rect{0, 0, 200, 2}, s.model());
  EXPECT_TRUE(has(d.line(0), "poll · gift · mlock · no pre-fault · verify · buffer")) << d.line(0);
  EXPECT_TRUE(has(d.line(0), "cpu any→any")) << d.line(0);
  std::string keys;
  for (const HeaderSpan& span : spans) keys += static_cast<char>(span.key);
  EXPECT_EQ(keys, "vspgmty+]c");
}

TEST(Header, FrozenOnTheRight) {
  Scene s = header_scene();
  s.state.frozen = true;
  for (const int w : {60, 80, 160}) {
    SCOPED_TRACE(w);
    TextCanvas c(w, 2);
    const std::vector<HeaderSpan> spans = draw_header(c, Rect{0, 0, w, 2}, s.model());
    EXPECT_EQ(cells(c, w - 9, 0, 8), " FROZEN ") << c.line(0);
    EXPECT_TRUE(c.style_at(w - 8, 0).reverse);
    EXPECT_EQ(c.style_at(w - 8, 0).color, Color::warn);
    for (const HeaderSpan& span : spans) EXPECT_LE(span.area.x + span.area.w, w - 9);
  }
  s.state.frozen = false;
  TextCanvas c(160, 2);
  draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_FALSE(has(c.dump(), "FROZEN"));
}

// A problem comes first on the second row, so a narrow terminal cuts the machine's name, not it.
TEST(Header, ProblemThenMachineAndCountersOnTheSecondRow) {
  Scene s = header_scene();
  s.problem = "reader failed: splice: Invalid argument";
  TextCanvas c(160, 2);
  draw_header(c, Rect{0, 0, 160, 2}, s.model());
  const std::string second = c.line(1);
  EXPECT_TRUE(
      second.starts_with(" reader failed: splice: Invalid argument · Test CPU @ 3.0GHz · Linux 6.1.0 · counters "
                         "user+kernel"))
      << second;
  const int x = column_of(c, 1, "reader failed");
  EXPECT_EQ(c.style_at(x, 1).color, Color::bad);
  EXPECT_TRUE(c.style_at(x, 1).bold);
  EXPECT_FALSE(has(c.line(0), "reader failed"));
  TextCanvas narrow(60, 2);
  draw_header(narrow, Rect{0, 0, 60, 2}, s.model());
  EXPECT_TRUE(has(narrow.line(1), "reader failed: splice: Invalid argument")) << narrow.line(1);
  s.state.config.user_only = true;
  s.problem.clear();
  TextCanvas d(160, 2);
  draw_header(d, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(d.line(1), "counters user only")) << d.line(1);
}

// Narrow headers switch to the compact words, and a part that does not fit is left out whole:
// no dangling separator, no span past the edge.
TEST(Header, NarrowUsesCompactWordsAndDropsWholeParts) {
  const Scene s = header_scene();
  TextCanvas c(60, 2);
  const std::vector<HeaderSpan> spans = draw_header(c, Rect{0, 0, 60, 2}, s.model());
  EXPECT_TRUE(c.line(0).starts_with(" pipetop  vmsplice · splice · ")) << c.line(0);
  for (const HeaderSpan& span : spans) EXPECT_LE(span.area.x + span.area.w, 60);
  std::string row = c.line(0);
  while (!row.empty() && row.back() == ' ') row.pop_back();
  EXPECT_FALSE(row.ends_with("·")) << row;
}

TEST(Header, AsciiSeparatorsAndMarks) {
  Scene s = header_scene();
  s.state.config.writer_cpu.reset();
  s.state.config.reader_cpu.reset();
  s.machine = "Test CPU, Linux 6.1.0";
  TextCanvas c(160, 2, false);
  draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(c.line(0), "writer vmsplice | reader splice | huge pages + verified | busy loop")) << c.line(0);
  EXPECT_TRUE(has(c.line(1), " | counters user+kernel")) << c.line(1);
  s.history.set_huge_pages({true, false, "AnonHugePages 0 kB", 1});
  TextCanvas d(160, 2, false);
  draw_header(d, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(d.line(0), "huge pages x not verified")) << d.line(0);
}

// With an ASCII canvas the header still prints the CPU pair with "→" (header_widget.cpp, cpu_text:
// the arrow does not look at canvas.unicode() as the separators and the ✓/✗ marks do).
TEST(Header, AsciiCpuPairIsAscii) {
  Scene s = header_scene();
  s.machine = "Test CPU, Linux 6.1.0";
  TextCanvas c(160, 2, false);
  draw_header(c, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(is_ascii(c.dump())) << c.dump();
}

}  // namespace
}  // namespace pipetop

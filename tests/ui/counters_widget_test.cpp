// The counters panel: derived figures per worker, or why there are none; sparklines when wide.

#include <gtest/gtest.h>

#include <string>

#include "model_fixture.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

using namespace uitest;

// Rows of the panel (counters_widget.cpp kRows), below its heading row.
enum Row { kIpc = 1, kCyclesPerKib, kInstructionsPerKib, kDtlb, kFaults, kSwitches, kUtilised, kCpu };

const char kNoPmu[] = "no hardware PMU (virtual machines often expose none)";

Scene scene_with(std::vector<FakeCounter> counters, double gib_per_s = 8.0) {
  Scene s;
  SyntheticRun run(s.history);
  run.begin(kStart, RunConfig{}, "write/read", std::move(counters));
  run.run(5 * kSec, gib_per_s);
  s.now_ns = run.now();
  return s;
}

FakeCounter& named(std::vector<FakeCounter>& counters, std::string_view name) {
  for (FakeCounter& c : counters) {
    if (c.name == name) return c;
  }
  ADD_FAILURE() << "no counter " << name;
  return counters.front();
}

int count(std::string_view text, std::string_view needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

bool has_sparkline(const TextCanvas& c) {
  for (int y = 0; y < c.height(); ++y) {
    for (int x = 0; x < c.width(); ++x) {
      const unsigned cp = code_point(c.glyph_at(x, y));
      if (cp >= 0x2581 && cp <= 0x2588) return true;  // ▁..█
    }
  }
  return false;
}

TEST(Counters, HeadingsAndLabels) {
  const Scene s = scene_with(default_counters());
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  EXPECT_TRUE(c.line(0).starts_with(" counters")) << c.dump();
  EXPECT_EQ(count(c.line(0), "writer"), 1);
  EXPECT_EQ(count(c.line(0), "reader"), 1);
  EXPECT_LT(c.line(0).find("writer"), c.line(0).find("reader"));
  const char* labels[] = {
      "IPC",           "cycles/KiB",    "instructions/KiB", "dTLB misses/MiB", "page faults/GiB", "context switches/s",
      "CPUs utilised", "CPU user / sys"};
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(c.line(i + 1).starts_with(std::string(" ") + labels[i])) << c.line(i + 1);
}

TEST(Counters, FiguresFromTheHistory) {
  const Scene s = scene_with(default_counters());
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  // 3e9 cycles and 4.5e9 instructions per second (cycles wobbling by up to 20%) at 8 GiB/s.
  const std::string ipc = c.line(kIpc);
  EXPECT_EQ(count(ipc, "1."), 2) << ipc;
  // Context switches: 5000/s, as counted.
  EXPECT_EQ(count(c.line(kSwitches), "5000"), 2) << c.line(kSwitches);
  // Page faults: 40/s at 8 GiB/s is 5 per GiB.
  EXPECT_EQ(count(c.line(kFaults), "5.0"), 2) << c.line(kFaults);
  // task-clock 0.9 s per second.
  EXPECT_EQ(count(c.line(kUtilised), "0.90"), 2) << c.line(kUtilised);
  // Values are right-aligned in their 13-cell column, bold.
  const int x = column_of(c, kSwitches, "5000");
  EXPECT_EQ(x + 4, 21 + 13);
  EXPECT_TRUE(c.style_at(x, kSwitches).bold);
}

TEST(Counters, NoPmuSaysSo) {
  std::vector<FakeCounter> counters = default_counters();
  for (const char* name : {"cycles", "instructions", "dTLB-load-misses"}) {
    FakeCounter& c = named(counters, name);
    c.state = CounterState::unavailable;
    c.reason = kNoPmu;
    c.problem = CounterProblem::no_pmu;
  }
  const Scene s = scene_with(counters);
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  for (const int row : {kIpc, kCyclesPerKib, kInstructionsPerKib, kDtlb}) {
    EXPECT_EQ(count(c.line(row), "n/a: no PMU"), 2) << c.line(row);
    const int x = column_of(c, row, "n/a");
    EXPECT_EQ(c.style_at(x, row).color, Color::dim);
  }
  // Software counters still count.
  EXPECT_EQ(count(c.line(kSwitches), "5000"), 2);
  // The header says why, once.
  TextCanvas h(160, 2);
  draw_header(h, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(h.line(1), "counters user+kernel (no hardware PMU: virtual machine?)")) << h.line(1);
}

TEST(Counters, OtherReasons) {
  std::vector<FakeCounter> counters = default_counters();
  named(counters, "cycles").state = CounterState::unavailable;
  named(counters, "cycles").reason = "denied by perf_event_paranoid 3";
  named(counters, "cycles").problem = CounterProblem::not_permitted;
  named(counters, "instructions").state = CounterState::unavailable;
  named(counters, "instructions").reason = "counters busy (another tool holds the PMU)";
  named(counters, "instructions").problem = CounterProblem::busy;
  named(counters, "dTLB-load-misses").state = CounterState::unavailable;
  named(counters, "dTLB-load-misses").reason = "not supported on this CPU";
  named(counters, "dTLB-load-misses").problem = CounterProblem::unsupported;
  const Scene s = scene_with(counters);
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  EXPECT_EQ(count(c.line(kIpc), "n/a: denied"), 2) << c.line(kIpc);
  EXPECT_EQ(count(c.line(kInstructionsPerKib), "n/a: busy"), 2) << c.line(kInstructionsPerKib);
  EXPECT_EQ(count(c.line(kDtlb), "n/a"), 2) << c.line(kDtlb);
  EXPECT_FALSE(has(c.line(kDtlb), "n/a:"));
  TextCanvas h(200, 2);
  draw_header(h, Rect{0, 0, 200, 2}, s.model());
  EXPECT_TRUE(has(h.line(1), "(hardware: denied by perf_event_paranoid 3)")) << h.line(1);
}

TEST(Counters, UserOnlyCounterIsMarked) {
  std::vector<FakeCounter> counters = default_counters();
  named(counters, "page-faults").state = CounterState::user_only;
  named(counters, "page-faults").reason = "perf_event_paranoid 2 excludes the kernel";
  const Scene s = scene_with(counters);
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  EXPECT_EQ(count(c.line(kFaults), "5.0 u"), 2) << c.line(kFaults);
  EXPECT_EQ(count(c.line(kSwitches), " u "), 0) << c.line(kSwitches);
  // Still right-aligned: the " u" ends where other values end.
  EXPECT_EQ(column_of(c, kFaults, "5.0 u") + 5, 21 + 13);
}

TEST(Counters, MultiplexedCounterShowsItsShare) {
  std::vector<FakeCounter> counters = default_counters();
  named(counters, "dTLB-load-misses").running = 0.63;
  const Scene s = scene_with(counters);
  ASSERT_FALSE(s.history.figures(WorkerRole::writer).empty());
  const std::optional<double> fraction = s.history.figures(WorkerRole::writer).back().running[2];
  ASSERT_TRUE(fraction.has_value());
  EXPECT_NEAR(*fraction, 0.63, 1e-6);
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  const std::string row = c.line(kDtlb);
  EXPECT_EQ(count(row, "scaled 63%"), 2) << row;
  EXPECT_EQ(c.style_at(column_of(c, kDtlb, "scaled"), kDtlb).color, Color::warn);
  // Scaled up to the full rate: 2e5 misses/s at 8 GiB/s is ~24.4 per MiB.
  EXPECT_EQ(count(row, "24.4"), 2) << row;
  // Counters that ran all the time are not marked.
  for (const int r : {kIpc, kFaults, kSwitches}) EXPECT_FALSE(has(c.line(r), "scaled")) << c.line(r);
}

TEST(Counters, MultiplexedShareFromTheFigurePoint) {
  // The panel reads the running fraction of the latest FigurePoint, counter by counter.
  const std::vector<FakeCounter> counters = default_counters();
  History h;
  h.begin_segment(SegmentStart{kStart, RunConfig{}, "x", infos(counters), infos(counters), 0, {}});
  Sample a{};
  a.t_ns = kStart;
  Sample b{};
  b.t_ns = kStart + kSec;
  b.bytes = kGiB;
  a.counter_count = b.counter_count = static_cast<std::uint32_t>(counters.size());
  for (std::size_t i = 0; i < counters.size(); ++i) {
    b.counters[i] = {1'000'000, 1'000'000'000, i == 0 ? 630'000'000U : 1'000'000'000U};
  }
  h.add(WorkerRole::writer, a);
  h.add(WorkerRole::writer, b);
  ASSERT_EQ(h.figures(WorkerRole::writer).size(), 1U);
  EXPECT_NEAR(*h.figures(WorkerRole::writer).back().running[0], 0.63, 1e-12);
  DashboardState state;
  const DashboardModel model{state,         h,         "",      "", "",           false, 0,  {}, true,
                             kStart + kSec, 60 * kSec, nullptr, "", std::nullopt, "",    "", {}, std::nullopt,
                             std::nullopt,  {}};
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, model);
  EXPECT_EQ(count(c.line(kIpc), "scaled 63%"), 1) << c.dump();  // the writer's only
  EXPECT_EQ(count(c.line(kCyclesPerKib), "scaled 63%"), 1);     // the same counter
  EXPECT_FALSE(has(c.line(kInstructionsPerKib), "scaled"));
}

TEST(Counters, SparklinesOnlyWhenWide) {
  const Scene s = scene_with(default_counters());
  TextCanvas wide(120, 10);
  draw_counters(wide, Rect{0, 0, 120, 10}, s.model());
  EXPECT_TRUE(has_sparkline(wide)) << wide.dump();
  // The wobbling cycles make the IPC sparkline use several heights.
  const int x = column_of(wide, kIpc, "1.") + 6;
  const std::string bars = cells(wide, x, kIpc, 10);
  EXPECT_NE(bars, std::string(10, ' '));
  EXPECT_EQ(wide.style_at(x, kIpc).color, Color::chart);
  TextCanvas hundred(100, 10);
  draw_counters(hundred, Rect{0, 0, 100, 10}, s.model());
  EXPECT_TRUE(has_sparkline(hundred));
  TextCanvas narrow(60, 10);
  draw_counters(narrow, Rect{0, 0, 60, 10}, s.model());
  EXPECT_FALSE(has_sparkline(narrow)) << narrow.dump();
  EXPECT_EQ(count(narrow.line(kSwitches), "5000"), 2);
  // ASCII sparklines.
  TextCanvas ascii(120, 10, false);
  draw_counters(ascii, Rect{0, 0, 120, 10}, s.model());
  EXPECT_FALSE(has_sparkline(ascii));
  EXPECT_TRUE(is_ascii(ascii.dump())) << ascii.dump();
  const std::string ascii_bars = cells(ascii, x, kIpc, 10);
  EXPECT_EQ(ascii_bars.find_first_not_of("_.-=+*#@"), std::string::npos) << ascii.line(kIpc);
}

// The CPU row comes from the parent's /proc readings of each worker (WorkerTimes events).
TEST(Counters, CpuRowFromTheWorkersTimes) {
  Scene s = scene_with(default_counters());
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  EXPECT_TRUE(has(c.line(kCpu), "45% / 30%")) << c.line(kCpu);
  EXPECT_TRUE(has(c.line(kCpu), "20% / 60%")) << c.line(kCpu);
  EXPECT_LT(c.line(kCpu).find("45%"), c.line(kCpu).find("20%"));
  Scene t;
  SyntheticRun run(t.history);
  run.set_cpu(std::nullopt, std::pair{99.6, 0.4});
  run.begin(kStart, RunConfig{}, "write/read", default_counters());
  run.run(5 * kSec, 8.0);
  t.now_ns = run.now();
  TextCanvas d(120, 10);
  draw_counters(d, Rect{0, 0, 120, 10}, t.model());
  EXPECT_TRUE(has(d.line(kCpu), "100% / 0%")) << d.line(kCpu);
  EXPECT_EQ(count(d.line(kCpu), "—"), 1) << d.line(kCpu);
}

TEST(Counters, OffWithNoCounters) {
  Scene s = scene_with({});
  s.state.config.no_counters = true;
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  for (const int row : {kIpc, kDtlb, kSwitches, kUtilised}) EXPECT_EQ(count(c.line(row), "off"), 2) << c.line(row);
  EXPECT_TRUE(has(c.line(kCpu), "45% / 30%"));  // not a counter: still shown
  TextCanvas h(160, 2);
  draw_header(h, Rect{0, 0, 160, 2}, s.model());
  EXPECT_TRUE(has(h.line(1), "counters off")) << h.line(1);
}

TEST(Counters, DashesBeforeTheFirstFigures) {
  Scene s;
  SyntheticRun run(s.history);
  run.begin(kStart, RunConfig{});
  s.now_ns = run.now();
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  for (int row = kIpc; row <= kUtilised; ++row) {
    if (row == kCpu) continue;
    EXPECT_EQ(count(c.line(row), "—"), 2) << c.line(row);
  }
  EXPECT_FALSE(has_sparkline(c));
}

TEST(Counters, ShortPanelShowsTheRowsThatFit) {
  const Scene s = scene_with(default_counters());
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 4}, s.model());
  EXPECT_TRUE(has(c.line(3), "instructions/KiB"));
  for (int y = 4; y < 10; ++y) EXPECT_EQ(c.line(y), std::string(120, ' ')) << y;
}

// With the user's program at one end, each column says whose it is: the producer's counters are theirs.
TEST(Counters, WithAProducerOnStdinTheColumnsSayWhoseTheyAre) {
  Scene s = scene_with(default_counters());
  s.state.ends = EndsKind::stdin_reader;
  TextCanvas c(120, 10);
  draw_counters(c, Rect{0, 0, 120, 10}, s.model());
  EXPECT_EQ(count(c.line(0), "writer (theirs)"), 1) << c.line(0);
  EXPECT_EQ(count(c.line(0), "reader (pipetop)"), 1) << c.line(0);
  s.state.ends = EndsKind::stdout_writer;
  TextCanvas out(120, 10);
  draw_counters(out, Rect{0, 0, 120, 10}, s.model());
  EXPECT_EQ(count(out.line(0), "writer (pipetop)"), 1) << out.line(0);
  EXPECT_EQ(count(out.line(0), "reader (theirs)"), 1) << out.line(0);
}

}  // namespace
}  // namespace pipetop

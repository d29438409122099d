// The pictures of a run: the dashboard's History drawn as an SVG chart (what x writes) with each
// segment's marker and mean, and a headless run's samples as one segment with its headline figure.

#include "pipetop/core/report/history_picture.hpp"

#include <gtest/gtest.h>

#include "fake_run.hpp"
#include "pipetop/core/report/chart_picture.hpp"
#include "synthetic_session.hpp"
#include "unit/svg_testing.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

using namespace synthetic;
using svg_testing::count;
using svg_testing::expect_golden;
using svg_testing::xmllint_errors;

// write/read at 2 GiB/s for 10 s, +vmsplice at 8 for 10 s, +splice at 30 for 10 s.
History ladder_history() {
  History history;
  SyntheticRun run(history);
  RunConfig c;
  run.begin(kSec, c);
  run.run(10 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(10 * kSec, 8.0);
  c.reader = ReaderKind::splice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(10 * kSec, 30.0);
  return history;
}

TEST(HistoryPicture, TheDashboardsChartAsAnSvgMatchesItsGoldenFile) {
  const History history = ladder_history();
  const std::int64_t end = history.segments().back().start_ns + 10 * kSec;
  const std::string svg =
      chart_svg(history_picture(history, kSec, end, "vmsplice → splice · buffer 256 KiB", "Test CPU · Linux 6.1"));
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_NE(svg.find("<title>vmsplice → splice · buffer 256 KiB"), std::string::npos);
  EXPECT_NE(svg.find(">Test CPU · Linux 6.1"), std::string::npos);
  EXPECT_EQ(count(svg, ">+vmsplice<"), 1);
  EXPECT_EQ(count(svg, ">+splice<"), 1);
  EXPECT_NE(svg.find(">mean 30"), std::string::npos) << "the current segment's mean so far";
  expect_golden("history.svg", svg);
}

TEST(HistoryPicture, ARunIsOneSegmentWithItsOwnFigure) {
  FakeRun outcome;
  outcome.config.writer = WriterKind::vmsplice;
  outcome.pipe_bytes = 128 * 1024;
  for (int i = 0; i <= 200; ++i) {
    Sample s;
    s.t_ns = kSec + i * kTick;
    s.bytes = static_cast<std::uint64_t>(i) * 40 * 1024 * 1024;  // 4 GiB/s
    outcome.reader.push_back(s);
  }
  const ChartPicture picture = run_picture(outcome.outcome(), "Test CPU");
  ASSERT_EQ(picture.segments.size(), 1U);
  EXPECT_EQ(picture.segments[0].label, "vmsplice/read");
  ASSERT_TRUE(picture.segments[0].mean_gib_per_s);
  EXPECT_NEAR(*picture.segments[0].mean_gib_per_s, 3.9, 0.1);
  EXPECT_EQ(picture.t0_ns, kSec);
  EXPECT_EQ(picture.t1_ns, kSec + 200 * kTick);
  EXPECT_EQ(xmllint_errors(chart_svg(picture)), "");
  EXPECT_TRUE(run_picture(RunOutcome{}, "Test CPU").segments.empty());
}

// The stamp a run's picture carries: its headline figure, and the interference words when a worker
// waited for its CPU (here the reader, 30% of the time).
TEST(HistoryPicture, ARunsStampHasItsFigureAndSaysWhenItWasDisturbed) {
  FakeRun outcome;
  outcome.config.reader_cpu = 1;
  for (int i = 0; i <= 200; ++i) {
    Sample s;
    s.t_ns = kSec + i * kTick;
    s.bytes = static_cast<std::uint64_t>(i) * 40 * 1024 * 1024;
    outcome.reader.push_back(s);
  }
  const ChartPicture clean = run_picture(outcome.outcome(), "Test CPU");
  EXPECT_EQ(clean.stamp.headline.substr(0, 5), "3.91 ") << clean.stamp.headline;
  EXPECT_NE(clean.stamp.headline.find("GiB/s steady-state mean"), std::string::npos);
  EXPECT_EQ(clean.stamp.caveat, "");
  EXPECT_EQ(clean.stamp.made, "") << "the caller's";
  outcome.times[1] = {ProcessTimes{kSec, 0, 0, {}, 0, 0}, ProcessTimes{3 * kSec, kSec, 600'000'000, {}, 0, 0}};
  const ChartPicture disturbed = run_picture(outcome.outcome(), "Test CPU");
  EXPECT_EQ(disturbed.stamp.caveat.rfind("disturbed: the reader (CPU 1) waited for its CPU 30% of the time", 0), 0U)
      << disturbed.stamp.caveat;
  EXPECT_NE(chart_svg(disturbed).find(">disturbed: the reader (CPU 1)"), std::string::npos);
}

TEST(HistoryPicture, TheDashboardsStampIsTheCurrentSegmentsMean) {
  const History history = ladder_history();
  const std::int64_t end = history.segments().back().start_ns + 10 * kSec;
  const ChartPicture picture = history_picture(history, kSec, end, "title", "machine");
  EXPECT_EQ(picture.stamp.headline.substr(0, 6), "30.00 ") << picture.stamp.headline;
  EXPECT_EQ(picture.stamp.caveat, "");
  EXPECT_EQ(history_picture(History{}, 0, 0, "title", "machine").stamp.headline, "");
}

}  // namespace
}  // namespace pipetop

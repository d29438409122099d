#include "pipetop/core/screen/chart_columns.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <vector>

#include "pipetop/core/screen/chart_math.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;

void expect_same(const std::vector<Envelope>& got, const std::vector<Envelope>& want, std::int64_t frame) {
  ASSERT_EQ(got.size(), want.size()) << "frame " << frame;
  for (std::size_t c = 0; c < want.size(); ++c) {
    EXPECT_EQ(got[c].present, want[c].present) << "frame " << frame << " column " << c;
    EXPECT_DOUBLE_EQ(got[c].lo, want[c].lo) << "frame " << frame << " column " << c;
    EXPECT_DOUBLE_EQ(got[c].hi, want[c].hi) << "frame " << frame << " column " << c;
    EXPECT_NEAR(got[c].mean, want[c].mean, 1e-9) << "frame " << frame << " column " << c;
  }
}

TEST(ColumnStart, FloorsOnTheGridNegativeTimesIncluded) {
  EXPECT_EQ(column_start(0, 30), 0);
  EXPECT_EQ(column_start(29, 30), 0);
  EXPECT_EQ(column_start(30, 30), 30);
  EXPECT_EQ(column_start(-1, 30), -30);
  EXPECT_EQ(column_start(-30, 30), -30);
  EXPECT_EQ(column_start(-31, 30), -60);
}

TEST(ChartSpan, ColumnsOnTheGridTheLastHoldingNow) {
  // 60 s over 200 columns: 300 ms each; now at 10.45 s sits in the column [10.2, 10.5).
  const ChartSpan span = chart_span(10'450 * kMs, 60'000 * kMs, 200);
  EXPECT_EQ(span.column_ns, 300 * kMs);
  EXPECT_EQ(span.columns, 200);
  EXPECT_EQ(span.t0_ns + span.span_ns(), 10'500 * kMs);
  EXPECT_EQ(span.t0_ns, 10'500 * kMs - 60'000 * kMs);
  // The same column a frame later: the span does not move until now crosses its edge.
  EXPECT_EQ(chart_span(10'499 * kMs, 60'000 * kMs, 200).t0_ns, span.t0_ns);
  EXPECT_EQ(chart_span(10'500 * kMs, 60'000 * kMs, 200).t0_ns, span.t0_ns + 300 * kMs);
  // Cells of two columns each: the first cell, the last, and times outside.
  EXPECT_EQ(span.cell_of(span.t0_ns, 100), 0);
  EXPECT_EQ(span.cell_of(10'449 * kMs, 100), 99);
  EXPECT_EQ(span.cell_of(span.t0_ns - 1, 100), -1);
  EXPECT_EQ(span.cell_of(span.t0_ns + span.span_ns(), 100), 100);
  // No columns: an empty span, every time in cell 0.
  const ChartSpan none = chart_span(10'450 * kMs, 60'000 * kMs, 0);
  EXPECT_EQ(none.span_ns(), 0);
  EXPECT_EQ(none.cell_of(10'000 * kMs, 10), 0);
}

// Frame by frame, as the dashboard draws: 10 ms points arrive (the newest one growing in two steps, as
// History merges samples), the window slides, and the cached columns equal the ones computed anew.
TEST(ColumnCache, EveryFrameEqualsTheColumnsComputedAnew) {
  ColumnCache cache;
  std::deque<RatePoint> points;
  const std::int64_t column_ns = 30 * kMs;
  const int count = 20;
  for (std::int64_t frame = 0; frame < 200; ++frame) {
    const std::int64_t now = frame * 5 * kMs;
    const double rate = 1 + static_cast<double>((frame * 7) % 11);
    if (frame % 2 == 0) {
      points.push_back(single_rate(now, now + 5 * kMs, rate));
    } else {  // the newest point grows
      RatePoint& p = points.back();
      p.gib_per_s = (p.gib_per_s + rate) / 2;
      p.lo = std::min(p.lo, rate);
      p.hi = std::max(p.hi, rate);
      p.t1_ns += 5 * kMs;
    }
    const std::int64_t t0 = column_start(now, column_ns) + column_ns - count * column_ns;
    expect_same(cache.columns(points, t0, column_ns, count),
                column_envelopes(points, t0, t0 + count * column_ns, count), frame);
  }
}

TEST(ColumnCache, AFinalColumnIsNotComputedAgain) {
  ColumnCache cache;
  std::deque<RatePoint> points{single_rate(0, 10 * kMs, 4), single_rate(10 * kMs, 20 * kMs, 6),
                               single_rate(20 * kMs, 30 * kMs, 8)};
  ASSERT_DOUBLE_EQ(cache.columns(points, 0, 10 * kMs, 3)[0].hi, 4);
  // Columns 0 and 1 end at or before the newest point's start: kept. Column 2 holds the newest point:
  // computed again (here a change the contract forbids for the others shows which is which).
  points[0].hi = 99;
  points[2].hi = 77;
  const std::vector<Envelope>& e = cache.columns(points, 0, 10 * kMs, 3);
  EXPECT_DOUBLE_EQ(e[0].hi, 4);
  EXPECT_DOUBLE_EQ(e[2].hi, 77);
  cache.clear();  // the points were replaced
  EXPECT_DOUBLE_EQ(cache.columns(points, 0, 10 * kMs, 3)[0].hi, 99);
}

TEST(ColumnCache, AnotherGridOrAnEarlierWindowStartsAgain) {
  ColumnCache cache;
  std::deque<RatePoint> points{single_rate(0, 10 * kMs, 4), single_rate(10 * kMs, 20 * kMs, 6),
                               single_rate(20 * kMs, 30 * kMs, 8)};
  (void)cache.columns(points, 10 * kMs, 10 * kMs, 2);
  points[1].hi = 50;
  // An earlier start (the window widened): the kept column 1 is not trusted.
  EXPECT_DOUBLE_EQ(cache.columns(points, 0, 10 * kMs, 3)[1].hi, 50);
  points[0].hi = 60;
  // Columns of 15 ms: [0, 15) holds points 0 and 1.
  const std::vector<Envelope>& wide = cache.columns(points, 0, 15 * kMs, 2);
  EXPECT_DOUBLE_EQ(wide[0].hi, 60);
  EXPECT_DOUBLE_EQ(wide[1].hi, 50);
}

TEST(ColumnCache, AsTheWindowSlidesItsColumnsStayKept) {
  ColumnCache cache;
  std::deque<RatePoint> points;
  for (std::int64_t i = 0; i < 1000; ++i) {
    points.push_back(single_rate(i * 10 * kMs, (i + 1) * 10 * kMs, 1));
    const std::int64_t t0 = column_start(i * 10 * kMs, 10 * kMs) + 10 * kMs - 8 * 10 * kMs;
    EXPECT_EQ(cache.columns(points, t0, 10 * kMs, 8).size(), 8U);
  }
  // The window's first column was final long ago: kept, not computed from the (changed) point again.
  points[992].hi = 99;
  const std::vector<Envelope>& e = cache.columns(points, 992 * 10 * kMs, 10 * kMs, 8);
  EXPECT_TRUE(e[0].present);
  EXPECT_DOUBLE_EQ(e[0].hi, 1);
}

TEST(ColumnCache, NoColumnsForNoCountOrNoWidth) {
  ColumnCache cache;
  const std::deque<RatePoint> points{single_rate(0, 10 * kMs, 4)};
  EXPECT_TRUE(cache.columns(points, 0, 10 * kMs, 0).empty());
  EXPECT_TRUE(cache.columns(points, 0, 0, 4).empty());
  EXPECT_EQ(cache.columns({}, -40 * kMs, 10 * kMs, 4).size(), 4U);
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/screen/chart_math.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <string>

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;

RatePoint point(std::int64_t t0_ms, std::int64_t t1_ms, double gib_per_s) {
  return single_rate(t0_ms * kMs, t1_ms * kMs, gib_per_s);
}

TEST(FitScale, LinearStartsAtZeroAndEndsAtANiceCeiling) {
  const auto top = [](double max) { return fit_scale(0.0, max, false).hi; };
  EXPECT_DOUBLE_EQ(top(7.3), 10);
  EXPECT_DOUBLE_EQ(top(42), 50);
  EXPECT_DOUBLE_EQ(top(0.8), 1);
  EXPECT_DOUBLE_EQ(top(2), 2.5);  // headroom: 2 itself would touch the top
  EXPECT_DOUBLE_EQ(top(1.5), 2);
  EXPECT_DOUBLE_EQ(top(4.5), 5);
  EXPECT_DOUBLE_EQ(top(22), 25);
  EXPECT_DOUBLE_EQ(top(78), 100);
  EXPECT_DOUBLE_EQ(top(150), 200);
  EXPECT_DOUBLE_EQ(top(0.03), 0.05);
  const YScale s = fit_scale(3.0, 42.0, false);
  EXPECT_FALSE(s.log);
  EXPECT_DOUBLE_EQ(s.lo, 0);  // the minimum does not lift a linear scale off zero
}

TEST(FitScale, LinearAlwaysHoldsTheMaximumWithHeadroom) {
  for (double v = 0.011; v < 500; v *= 1.07) {
    const YScale s = fit_scale(std::nullopt, v, false);
    ASSERT_GE(s.hi, v * 1.05 * (1 - 1e-9)) << v;
    ASSERT_LE(s.hi, v * 1.05 * 2.5) << v;  // the next nice step is at most 2.5 times up
    // 1, 2, 2.5 or 5 times a power of ten.
    const double mantissa = s.hi / std::pow(10.0, std::floor(std::log10(s.hi) + 1e-12));
    const bool nice = std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 ||
                      std::fabs(mantissa - 2.5) < 1e-9 || std::fabs(mantissa - 5) < 1e-9;
    ASSERT_TRUE(nice) << v << " -> " << s.hi;
  }
}

TEST(FitScale, EmptyOrZeroDataGivesZeroToOne) {
  const YScale empty = fit_scale(std::nullopt, std::nullopt, false);
  EXPECT_DOUBLE_EQ(empty.lo, 0);
  EXPECT_DOUBLE_EQ(empty.hi, 1);
  const YScale zero = fit_scale(0.0, 0.0, false);
  EXPECT_DOUBLE_EQ(zero.hi, 1);
}

// Regression: the ladder picture's axis used fit_scale's headroom and ran far past its longest bar
// (to 25 for a 9.7 GiB/s best): bars are labelled, so the axis ends at the first tick above them.
TEST(TightScale, EndsAtTheFirstRoundTickAboveTheMaximum) {
  const auto top = [](double max) { return tight_scale(max, 8).hi; };
  EXPECT_DOUBLE_EQ(top(9.7), 10);
  EXPECT_DOUBLE_EQ(top(62.99), 70);
  EXPECT_DOUBLE_EQ(top(10), 10);  // a maximum on a tick is the top
  EXPECT_DOUBLE_EQ(top(10.1), 12);
  EXPECT_DOUBLE_EQ(top(0.97), 1);
  EXPECT_DOUBLE_EQ(top(22), 25);
  EXPECT_DOUBLE_EQ(tight_scale(std::nullopt, 8).hi, 1);
  EXPECT_DOUBLE_EQ(tight_scale(0.0, 8).hi, 1);
  EXPECT_DOUBLE_EQ(tight_scale(std::numeric_limits<double>::infinity(), 8).hi, 1);
  EXPECT_DOUBLE_EQ(tight_scale(9.7, 8).lo, 0);
}

TEST(TightScale, HoldsTheMaximumCloselyWithRoundTicks) {
  for (double v = 0.011; v < 500; v *= 1.07) {
    for (const int max_ticks : {4, 6, 8}) {
      const YScale s = tight_scale(v, max_ticks);
      ASSERT_GE(s.hi, v * (1 - 1e-9)) << v;
      ASSERT_LE(s.hi, v * 1.5) << v << " with " << max_ticks << " ticks";
      const std::vector<Tick> ticks = scale_ticks(s, max_ticks);
      ASSERT_GE(ticks.size(), 2u) << v;
      ASSERT_LE(ticks.size(), static_cast<std::size_t>(max_ticks)) << v;
      EXPECT_DOUBLE_EQ(ticks.back().value, s.hi) << v;
    }
  }
}

TEST(FitScale, LogSpansWholeDecades) {
  const YScale s = fit_scale(0.8, 78.0, true);
  EXPECT_TRUE(s.log);
  EXPECT_DOUBLE_EQ(s.lo, 0.1);
  EXPECT_DOUBLE_EQ(s.hi, 100);
  const YScale t = fit_scale(2.0, 40.0, true);
  EXPECT_DOUBLE_EQ(t.lo, 1);
  EXPECT_DOUBLE_EQ(t.hi, 100);
  // Headroom: 9.8 GiB/s does not sit on the top edge of a scale ending at 10.
  EXPECT_DOUBLE_EQ(fit_scale(1.0, 9.8, true).hi, 100);
  // One value: still at least one decade.
  const YScale one = fit_scale(5.0, 5.0, true);
  EXPECT_DOUBLE_EQ(one.lo, 1);
  EXPECT_DOUBLE_EQ(one.hi, 10);
}

TEST(FitScale, LogNeverGoesBelowTheFloor) {
  const YScale s = fit_scale(0.0001, 3.0, true);
  EXPECT_DOUBLE_EQ(s.lo, 0.01);
  EXPECT_DOUBLE_EQ(s.hi, 10);
  // A non-positive minimum does not drag the scale down either.
  EXPECT_GE(fit_scale(0.0, 3.0, true).lo, 0.01);
  EXPECT_GE(fit_scale(-1.0, 3.0, true).lo, 0.01);
}

TEST(FitScale, LogWithEmptyDataGivesSomeDecades) {
  const YScale s = fit_scale(std::nullopt, std::nullopt, true);
  EXPECT_TRUE(s.log);
  EXPECT_DOUBLE_EQ(s.lo, 0.1);
  EXPECT_GT(s.hi, s.lo);
}

// Regression: chart_math.hpp documented [0.1, 10] for an empty log scale, which is [0.1, 100] (the
// default high of 10 gets the 5% headroom and is rounded up to the next decade).
TEST(FitScale, LogWithEmptyDataIsTenthToHundredAsDocumented) {
  const YScale s = fit_scale(std::nullopt, std::nullopt, true);
  EXPECT_DOUBLE_EQ(s.lo, 0.1);
  EXPECT_DOUBLE_EQ(s.hi, 100);
}

TEST(ScalePosition, LinearIsProportionalAndClamped) {
  const YScale s{0, 50, false};
  EXPECT_DOUBLE_EQ(scale_position(s, 0), 0);
  EXPECT_DOUBLE_EQ(scale_position(s, 25), 0.5);
  EXPECT_DOUBLE_EQ(scale_position(s, 50), 1);
  EXPECT_DOUBLE_EQ(scale_position(s, 80), 1);
  EXPECT_DOUBLE_EQ(scale_position(s, -3), 0);
}

TEST(ScalePosition, LogPutsEachDecadeTheSameDistanceApart) {
  const YScale s{0.1, 100, true};
  EXPECT_NEAR(scale_position(s, 0.1), 0, 1e-12);
  EXPECT_NEAR(scale_position(s, 1), 1.0 / 3, 1e-12);
  EXPECT_NEAR(scale_position(s, 10), 2.0 / 3, 1e-12);
  EXPECT_NEAR(scale_position(s, 100), 1, 1e-12);
  EXPECT_NEAR(scale_position(s, 2) - scale_position(s, 1), scale_position(s, 20) - scale_position(s, 10), 1e-12);
  EXPECT_DOUBLE_EQ(scale_position(s, 0), 0);
  EXPECT_DOUBLE_EQ(scale_position(s, -5), 0);
  EXPECT_DOUBLE_EQ(scale_position(s, 0.01), 0);
  EXPECT_DOUBLE_EQ(scale_position(s, 1000), 1);
}

TEST(ScalePosition, MonotonicOnBothScales) {
  for (const YScale& s : {YScale{0, 50, false}, YScale{0.1, 100, true}, YScale{0.01, 10, true}}) {
    double previous = -1;
    for (double v = -1; v < 200; v += 0.037) {
      const double p = scale_position(s, v);
      ASSERT_GE(p, 0);
      ASSERT_LE(p, 1);
      ASSERT_GE(p, previous) << v;
      previous = p;
    }
  }
}

TEST(ScaleTicks, LinearAtRoundValues) {
  const std::vector<Tick> t = scale_ticks({0, 10, false}, 6);
  ASSERT_EQ(t.size(), 6U);
  const char* labels[] = {"0", "2", "4", "6", "8", "10"};
  for (std::size_t i = 0; i < t.size(); ++i) {
    EXPECT_EQ(t[i].label, labels[i]);
    EXPECT_DOUBLE_EQ(t[i].value, 2.0 * static_cast<double>(i));
  }
  const std::vector<Tick> fifty = scale_ticks({0, 50, false}, 7);
  ASSERT_EQ(fifty.size(), 6U);
  EXPECT_EQ(fifty.back().label, "50");
  EXPECT_EQ(fifty[1].label, "10");
}

TEST(ScaleTicks, FractionalLabels) {
  const std::vector<Tick> t = scale_ticks({0, 5, false}, 3);
  ASSERT_EQ(t.size(), 3U);
  EXPECT_EQ(t[0].label, "0");
  EXPECT_EQ(t[1].label, "2.5");
  EXPECT_EQ(t[2].label, "5");
  const std::vector<Tick> small = scale_ticks({0, 0.5, false}, 6);
  ASSERT_FALSE(small.empty());
  EXPECT_EQ(small[1].label, "0.1");
  EXPECT_EQ(small.back().label, "0.5");
}

TEST(ScaleTicks, LogDecades) {
  const std::vector<Tick> t = scale_ticks({0.1, 100, true}, 5);
  ASSERT_EQ(t.size(), 4U);
  EXPECT_EQ(t[0].label, "0.1");
  EXPECT_EQ(t[1].label, "1");
  EXPECT_EQ(t[2].label, "10");
  EXPECT_EQ(t[3].label, "100");
  EXPECT_NEAR(t[2].value, 10, 1e-9);
  // Too many decades for the ticks allowed: every other one.
  const std::vector<Tick> few = scale_ticks({0.01, 1000, true}, 4);
  ASSERT_EQ(few.size(), 3U);
  EXPECT_EQ(few[0].label, "0.01");
  EXPECT_EQ(few[1].label, "1");
  EXPECT_EQ(few[2].label, "100");
}

// scale_ticks on a log scale computes the decade step as (decades + max_ticks - 1) / (max_ticks - 1),
// one more than ceil(decades / (max_ticks - 1)) whenever max_ticks - 1 divides the number of decades.
// Then decades that fit are skipped: 0.1..100 with 4 ticks allowed gets only "0.1" and "10" (the chart
// at heights 25-27 on a log scale), 1..10 with 2 allowed (the chart at the minimum height) only "1".
TEST(ScaleTicks, LogLabelsEveryDecadeThatFits) {
  const std::vector<Tick> four = scale_ticks({0.1, 100, true}, 4);
  ASSERT_EQ(four.size(), 4U);
  EXPECT_EQ(four[3].label, "100");
  const std::vector<Tick> two = scale_ticks({1, 10, true}, 2);
  ASSERT_EQ(two.size(), 2U);
  EXPECT_EQ(two[1].label, "10");
  const std::vector<Tick> three = scale_ticks({0.01, 100, true}, 3);
  ASSERT_EQ(three.size(), 3U);
  EXPECT_EQ(three[1].label, "1");
  EXPECT_EQ(three[2].label, "100");
}

// tick_label prints values of 10 and more with "%.0f": the ticks of a 0..25 scale in steps of 2.5
// (a chart 30-38 rows tall showing ~20 GiB/s) read "12", "18", "22" for 12.5, 17.5 and 22.5.
TEST(ScaleTicks, LabelsNameTheirValues) {
  const std::vector<Tick> t = scale_ticks({0, 25, false}, 11);
  ASSERT_EQ(t.size(), 11U);
  for (const Tick& tick : t) EXPECT_NEAR(std::stod(tick.label), tick.value, 1e-9) << tick.label;
}

// Regression: labels of tiny scales need six characters ("0.0025", "0.0005") and the chart cut them
// to five, showing "0.000" for 0.0005 (rates that low are a few '-' keys away). The axis now has room
// for six (chart_widget.cpp, kAxisWidth 7).
TEST(ScaleTicks, LabelsFitTheAxisColumnOnTinyScales) {
  for (const Tick& tick : scale_ticks(fit_scale(std::nullopt, 0.002, false), 6)) {
    EXPECT_LE(tick.label.size(), 6U) << tick.label;
  }
}

TEST(ScaleTicks, NoneWhenFewerThanTwoAllowed) {
  EXPECT_TRUE(scale_ticks({0, 10, false}, 1).empty());
  EXPECT_TRUE(scale_ticks({0.1, 10, true}, 0).empty());
}

TEST(ScaleTicks, NeverMoreThanAllowedAscendingAndOnTheScale) {
  for (double v = 0.02; v < 300; v *= 1.13) {
    for (const bool log : {false, true}) {
      const YScale s = fit_scale(v / 7, v, log);
      for (int max = 2; max <= 12; ++max) {
        const std::vector<Tick> t = scale_ticks(s, max);
        ASSERT_LE(static_cast<int>(t.size()), max) << v << " log " << log;
        ASSERT_GE(t.size(), log ? 1U : 2U) << v << " log " << log << " max " << max;  // log: see below
        for (std::size_t i = 0; i < t.size(); ++i) {
          ASSERT_GE(t[i].value, s.lo * (1 - 1e-9));
          ASSERT_LE(t[i].value, s.hi * (1 + 1e-9));
          ASSERT_FALSE(t[i].label.empty());
          if (v >= 0.1) {
            ASSERT_LE(t[i].label.size(), 5U) << t[i].label;  // fits the chart's axis column
          }
          if (i > 0) {
            ASSERT_GT(t[i].value, t[i - 1].value);
          }
        }
        EXPECT_NEAR(t.front().value, s.lo, 1e-12);
      }
    }
  }
}

TEST(ColumnEnvelopes, MinAndMaxPerColumn) {
  // Ten columns of 10 ms; column 2 holds a dip between two high rates.
  const std::deque<RatePoint> points{point(0, 10, 5), point(10, 20, 6), point(20, 25, 8), point(25, 30, 0.1),
                                     point(30, 40, 7)};
  const std::vector<Envelope> e = column_envelopes(points, 0, 100 * kMs, 10);
  ASSERT_EQ(e.size(), 10U);
  EXPECT_TRUE(e[0].present);
  EXPECT_DOUBLE_EQ(e[0].lo, 5);
  EXPECT_DOUBLE_EQ(e[0].hi, 5);
  EXPECT_DOUBLE_EQ(e[1].lo, 6);
  ASSERT_TRUE(e[2].present);
  EXPECT_DOUBLE_EQ(e[2].lo, 0.1);  // not averaged away
  EXPECT_DOUBLE_EQ(e[2].hi, 8);
  EXPECT_DOUBLE_EQ(e[3].lo, 7);
  for (std::size_t c = 4; c < 10; ++c) EXPECT_FALSE(e[c].present) << c;
}

TEST(ColumnEnvelopes, APointSpanningSeveralColumnsMarksEachOfThem) {
  const std::deque<RatePoint> points{point(15, 47, 3)};
  const std::vector<Envelope> e = column_envelopes(points, 0, 100 * kMs, 10);
  EXPECT_FALSE(e[0].present);
  for (std::size_t c = 1; c <= 4; ++c) {
    EXPECT_TRUE(e[c].present) << c;
    EXPECT_DOUBLE_EQ(e[c].lo, 3);
    EXPECT_DOUBLE_EQ(e[c].hi, 3);
  }
  EXPECT_FALSE(e[5].present);
}

TEST(ColumnEnvelopes, EndIsExclusive) {
  // [0, 10) fills column 0 only; [10, 20) column 1 only.
  const std::deque<RatePoint> points{point(0, 10, 1), point(10, 20, 2)};
  const std::vector<Envelope> e = column_envelopes(points, 0, 100 * kMs, 10);
  EXPECT_DOUBLE_EQ(e[0].hi, 1);
  EXPECT_DOUBLE_EQ(e[1].lo, 2);
  EXPECT_FALSE(e[2].present);
}

TEST(ColumnEnvelopes, PointsOutsideTheWindowAreIgnoredAndEdgesClipped) {
  const std::deque<RatePoint> points{point(-50, -10, 9), point(-5, 5, 4), point(95, 120, 6), point(100, 110, 99)};
  const std::vector<Envelope> e = column_envelopes(points, 0, 100 * kMs, 10);
  EXPECT_TRUE(e[0].present);
  EXPECT_DOUBLE_EQ(e[0].hi, 4);
  EXPECT_TRUE(e[9].present);
  EXPECT_DOUBLE_EQ(e[9].hi, 6);
  for (const Envelope& x : e) EXPECT_LT(x.hi, 9);
}

TEST(ColumnEnvelopes, ManyPointsPerColumn) {
  std::deque<RatePoint> points;
  for (int i = 0; i < 1000; ++i) points.push_back(point(i * 10, i * 10 + 10, 1 + (i % 7)));
  const std::vector<Envelope> e = column_envelopes(points, 0, 10'000 * kMs, 50);
  ASSERT_EQ(e.size(), 50U);
  for (const Envelope& x : e) {
    ASSERT_TRUE(x.present);
    EXPECT_DOUBLE_EQ(x.lo, 1);
    EXPECT_DOUBLE_EQ(x.hi, 7);
  }
}

TEST(ColumnEnvelopes, AWindowAtTheEndOfALongHistoryStartsWithThePointAcrossItsStart) {
  // 600 s of 20 ms points, as the history keeps them; the chart's window is the last 60 s, and its
  // start falls inside a point (539,990–540,010 ms), which still marks the first column.
  std::deque<RatePoint> points;
  for (int i = 0; i < 30'000; ++i) points.push_back(point(i * 20 - 10, i * 20 + 10, i == 27'000 ? 0.5 : 2.0));
  const std::vector<Envelope> e = column_envelopes(points, 540'000 * kMs, 600'000 * kMs, 60);
  ASSERT_EQ(e.size(), 60U);
  EXPECT_DOUBLE_EQ(e[0].lo, 0.5);
  EXPECT_DOUBLE_EQ(e[0].hi, 2.0);
  for (std::size_t c = 1; c < 60; ++c) {
    ASSERT_TRUE(e[c].present) << c;
    EXPECT_DOUBLE_EQ(e[c].lo, 2.0) << c;
  }
}

TEST(ColumnEnvelopes, DegenerateInputs) {
  const std::deque<RatePoint> points{point(0, 10, 1)};
  EXPECT_TRUE(column_envelopes(points, 0, 100 * kMs, 0).empty());
  EXPECT_TRUE(column_envelopes(points, 0, 100 * kMs, -3).empty());
  const std::vector<Envelope> backwards = column_envelopes(points, 100 * kMs, 0, 4);
  ASSERT_EQ(backwards.size(), 4U);
  for (const Envelope& x : backwards) EXPECT_FALSE(x.present);
  for (const Envelope& x : column_envelopes({}, 0, 100 * kMs, 4)) EXPECT_FALSE(x.present);
}

Envelope column(double lo, double hi) {
  return {true, lo, hi, (lo + hi) / 2};
}

TEST(EnvelopeScale, FitsThePresentColumns) {
  const std::vector<Envelope> columns{column(0.8, 2), {}, column(3, 78), {false, 500, 900, 700}};
  const YScale linear = envelope_scale(columns, false);
  EXPECT_DOUBLE_EQ(linear.lo, 0);
  EXPECT_DOUBLE_EQ(linear.hi, 100) << "absent columns do not count";
  const YScale log = envelope_scale(columns, true);
  EXPECT_DOUBLE_EQ(log.lo, 0.1);
  EXPECT_DOUBLE_EQ(log.hi, 100);
  // A zero rate does not drag a log scale to its floor; it only counts as a maximum.
  const YScale zero = envelope_scale({column(0, 5), column(2, 3)}, true);
  EXPECT_DOUBLE_EQ(zero.lo, 1);
  const YScale nothing = envelope_scale({{}, {}}, false);
  EXPECT_DOUBLE_EQ(nothing.hi, 1);
}

TEST(EnvelopeScale, AFixedMaximumPinsTheTop) {
  const std::vector<Envelope> columns{column(0.8, 2), column(3, 78)};
  const YScale linear = envelope_scale(columns, false, 80.0);
  EXPECT_DOUBLE_EQ(linear.lo, 0);
  EXPECT_DOUBLE_EQ(linear.hi, 80);
  EXPECT_DOUBLE_EQ(envelope_scale(columns, false, 10.0).hi, 10) << "data above it is held at the top";
  EXPECT_DOUBLE_EQ(envelope_scale({}, false, 30.0).hi, 30) << "even with no data";
  const YScale log = envelope_scale(columns, true, 80.0);
  EXPECT_TRUE(log.log);
  EXPECT_DOUBLE_EQ(log.lo, 0.1);
  EXPECT_DOUBLE_EQ(log.hi, 100) << "whole decades";
  EXPECT_DOUBLE_EQ(envelope_scale(columns, true, 100.0).hi, 100);
  // Data all above a low maximum: still a decade below the top.
  const YScale above = envelope_scale({column(50, 60)}, true, 5.0);
  EXPECT_DOUBLE_EQ(above.hi, 10);
  EXPECT_DOUBLE_EQ(above.lo, 1);
}

TEST(EnvelopeScale, ANonsensicalMaximumIsIgnored) {
  const std::vector<Envelope> columns{column(3, 78)};
  for (const double bad : {0.0, -5.0, std::nan(""), HUGE_VAL}) {
    EXPECT_DOUBLE_EQ(envelope_scale(columns, false, bad).hi, 100) << bad;
  }
}

TEST(PlaceLabels, EachStartsAtItsMarkerWhenThereIsRoom) {
  const auto spans = place_labels({2, 20, 40}, {6, 5, 4}, 60);
  ASSERT_EQ(spans.size(), 3U);
  EXPECT_EQ(spans[0]->x, 2);
  EXPECT_EQ(spans[0]->cells, 6);
  EXPECT_EQ(spans[1]->x, 20);
  EXPECT_EQ(spans[2]->x, 40);
}

TEST(PlaceLabels, ACrowdedLabelMovesPastThePreviousOneAndASpace) {
  const auto spans = place_labels({10, 12, 13}, {9, 6, 5}, 60);
  EXPECT_EQ(spans[0]->x, 10);
  EXPECT_EQ(spans[1]->x, 20);  // 10 + 9 + one cell
  EXPECT_EQ(spans[2]->x, 27);
}

TEST(PlaceLabels, NearTheRightEdgeALabelEndsAtItsMarker) {
  const auto spans = place_labels({57}, {8}, 60);
  EXPECT_EQ(spans[0]->x, 50);
  EXPECT_EQ(spans[0]->cells, 8);
  // ...but never over the previous label: then the older one gives way, so the newest shows whole.
  const auto crowded = place_labels({40, 57}, {12, 8}, 60);
  EXPECT_FALSE(crowded[0]);
  EXPECT_EQ(crowded[1]->x, 50);
  EXPECT_EQ(crowded[1]->cells, 8);
}

TEST(PlaceLabels, TheOldestGiveWaySoTheNewestShowsWhole) {
  // Four toggles three seconds apart near the chart's right edge: "+vmsplice +s…" before.
  const auto spans = place_labels({62, 65, 68, 71}, {9, 7, 5, 5}, 75);
  EXPECT_FALSE(spans[0]);
  EXPECT_FALSE(spans[1]);
  EXPECT_FALSE(spans[2]);
  ASSERT_TRUE(spans[3]);
  EXPECT_EQ(spans[3]->x, 67);
  EXPECT_EQ(spans[3]->cells, 5);
  // With room for two, the two newest show.
  const auto two = place_labels({55, 60, 64}, {9, 7, 5}, 75);
  EXPECT_FALSE(two[0]);
  EXPECT_EQ(two[1]->x, 60);
  EXPECT_EQ(two[2]->x, 68);
  EXPECT_EQ(two[2]->cells, 5);
}

TEST(PlaceLabels, NoLabelWhereFewerThanThreeCellsAreLeft) {
  // The only label wider than the row after its marker ends at its marker, or is cut at the edge.
  const auto spans = place_labels({0, 5}, {57, 6}, 60);
  EXPECT_FALSE(spans[0]) << "0..57 would leave 58 and 59, too few for the newest: the older gives way";
  EXPECT_EQ(spans[1]->x, 5);
  EXPECT_EQ(place_labels({0}, {58}, 60)[0]->cells, 58);
  EXPECT_FALSE(place_labels({58}, {1}, 60)[0]) << "58 and 59 are too few";
  EXPECT_EQ(place_labels({57}, {3}, 60)[0]->cells, 3) << "three are enough";
  EXPECT_TRUE(place_labels({}, {}, 60).empty());
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/figures/rate_timeline.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;

// `count` samples every 10 ms from 0, each interval at 1 GiB/s but for every `slow_every`-th, at half.
RateTimeline timeline_of(std::int64_t count, std::int64_t slow_every = 0) {
  RateTimeline timeline;
  std::uint64_t bytes = 0;
  for (std::int64_t i = 0; i < count; ++i) {
    if (i > 0) bytes += slow_every != 0 && i % slow_every == 0 ? kGiB / 200 : kGiB / 100;
    timeline.add(Sample{i * 10 * kMs, bytes});
  }
  return timeline;
}

TEST(RateTimeline, AShortRunKeepsEveryInterval) {
  const RateTimeline t = timeline_of(401, 4);  // 4 s
  const std::vector<RatePoint> points = t.points();
  ASSERT_EQ(points.size(), 400U);
  EXPECT_EQ(t.grain_ns(), 0);
  EXPECT_NEAR(points[0].gib_per_s, 1.0, 1e-6);
  EXPECT_NEAR(points[3].gib_per_s, 0.5, 1e-6);
  EXPECT_EQ(points.front().t0_ns, 0);
  EXPECT_EQ(points.back().t1_ns, 4000 * kMs);
}

TEST(RateTimeline, ALongRunMergesNeighboursAndKeepsTheSlowestAndFastest) {
  const RateTimeline t = timeline_of(100'001, 4);  // 1000 s, at 10 ms
  const std::vector<RatePoint> points = t.points();
  EXPECT_LE(points.size(), kTimelineSpans);
  EXPECT_GT(points.size(), kTimelineSpans / 2);
  EXPECT_GT(t.grain_ns(), 10 * kMs);
  for (std::size_t i = 1; i < points.size(); ++i) EXPECT_EQ(points[i].t0_ns, points[i - 1].t1_ns) << "no gap";
  EXPECT_EQ(points.front().t0_ns, 0);
  EXPECT_EQ(points.back().t1_ns, 1'000'000 * kMs);
  for (const RatePoint& p : points) {
    EXPECT_NEAR(p.lo, 0.5, 1e-6);
    EXPECT_NEAR(p.hi, 1.0, 1e-6);
    EXPECT_NEAR(p.gib_per_s, 0.875, 0.01) << "three fast intervals and a slow one in four";
  }
}

TEST(RateTimeline, SteadyWindowsCutTheRunAfterItsWarmup) {
  RateTimeline t;
  // 1 GiB/s for the first second, then 2 GiB/s: five windows over 0.2 s .. 3 s.
  std::uint64_t bytes = 0;
  for (std::int64_t i = 0; i <= 300; ++i) {
    if (i > 0) bytes += i <= 100 ? kGiB / 100 : kGiB / 50;
    t.add(Sample{i * 10 * kMs, bytes});
  }
  const std::vector<double> w = t.steady_windows(5);
  ASSERT_EQ(w.size(), 5U);
  EXPECT_NEAR(w[0], 1.0, 1e-6);  // 0.2 .. 0.76 s
  EXPECT_NEAR(w[4], 2.0, 1e-6);  // 2.44 .. 3 s
  EXPECT_GT(w[1], 1.0);          // 0.76 .. 1.32 s crosses the change
  EXPECT_NEAR(w[2], 2.0, 1e-6);
}

TEST(RateTimeline, IgnoresSamplesThatGoBackwards) {
  RateTimeline t;
  t.add(Sample{10 * kMs, 100});
  t.add(Sample{10 * kMs, 200});  // no time passed
  t.add(Sample{20 * kMs, 50});   // bytes went back: another session
  t.add(Sample{30 * kMs, 100 + kGiB / 50});
  const std::vector<RatePoint> points = t.points();
  ASSERT_EQ(points.size(), 1U);
  EXPECT_NEAR(points[0].gib_per_s, 1.0, 1e-6);
  EXPECT_TRUE(RateTimeline{}.steady_windows(5).empty());
  EXPECT_TRUE(RateTimeline{}.points().empty());
}

}  // namespace
}  // namespace pipetop

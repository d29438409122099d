#include "pipetop/core/figures/sample_timeline.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kT0 = 123'456'789'000;  // an arbitrary CLOCK_MONOTONIC instant
constexpr std::int64_t kMs = 1'000'000;

TEST(SampleTimeline, TimeIsRelativeToTheFirstSampleOfEitherWorker) {
  SampleTimeline timeline;
  const auto w0 = timeline.add(WorkerRole::writer, Sample{kT0, 0, 0, 0});
  EXPECT_DOUBLE_EQ(w0.t_s, 0.0);
  const auto r0 = timeline.add(WorkerRole::reader, Sample{kT0 + 250 * kMs, 0, 0, 0});
  EXPECT_DOUBLE_EQ(r0.t_s, 0.25);
  const auto w1 = timeline.add(WorkerRole::writer, Sample{kT0 + 1000 * kMs, kGiB, 10, 0});
  EXPECT_DOUBLE_EQ(w1.t_s, 1.0);
}

TEST(SampleTimeline, ReaderFirstAlsoSetsTheOrigin) {
  SampleTimeline timeline;
  EXPECT_DOUBLE_EQ(timeline.add(WorkerRole::reader, Sample{kT0, 0, 0, 0}).t_s, 0.0);
  EXPECT_DOUBLE_EQ(timeline.add(WorkerRole::writer, Sample{kT0 + 500 * kMs, 0, 0, 0}).t_s, 0.5);
}

TEST(SampleTimeline, NoRateForEachWorkersFirstSample) {
  SampleTimeline timeline;
  EXPECT_FALSE(timeline.add(WorkerRole::writer, Sample{kT0, 0, 0, 0}).gib_per_s.has_value());
  // The reader's first sample has no rate even though the writer already has a previous sample.
  EXPECT_FALSE(timeline.add(WorkerRole::reader, Sample{kT0 + 100 * kMs, kGiB, 1, 0}).gib_per_s.has_value());
}

TEST(SampleTimeline, RateIsSinceTheSameWorkersPreviousSample) {
  SampleTimeline timeline;
  (void)timeline.add(WorkerRole::writer, Sample{kT0, 0, 0, 0});
  (void)timeline.add(WorkerRole::reader, Sample{kT0, 0, 0, 0});
  // Writer: 2 GiB in 1 s. Reader: 1 GiB in 500 ms. Interleaved on purpose.
  const auto w = timeline.add(WorkerRole::writer, Sample{kT0 + 1000 * kMs, 2 * kGiB, 0, 0});
  const auto r = timeline.add(WorkerRole::reader, Sample{kT0 + 500 * kMs, kGiB, 0, 0});
  ASSERT_TRUE(w.gib_per_s.has_value());
  ASSERT_TRUE(r.gib_per_s.has_value());
  EXPECT_DOUBLE_EQ(*w.gib_per_s, 2.0);
  EXPECT_DOUBLE_EQ(*r.gib_per_s, 2.0);
  // Next reader sample: 3 GiB more in 500 ms, measured from the reader's previous sample only.
  const auto r2 = timeline.add(WorkerRole::reader, Sample{kT0 + 1000 * kMs, 4 * kGiB, 0, 0});
  ASSERT_TRUE(r2.gib_per_s.has_value());
  EXPECT_DOUBLE_EQ(*r2.gib_per_s, 6.0);
}

TEST(SampleTimeline, ImpossibleIntervalsHaveNoRate) {
  SampleTimeline timeline;
  (void)timeline.add(WorkerRole::reader, Sample{kT0, 100, 0, 0});
  EXPECT_FALSE(timeline.add(WorkerRole::reader, Sample{kT0, 200, 0, 0}).gib_per_s.has_value());       // same instant
  EXPECT_FALSE(timeline.add(WorkerRole::reader, Sample{kT0 + kMs, 50, 0, 0}).gib_per_s.has_value());  // backwards
  // After a bad interval the next good one is measured from the latest sample.
  const auto ok = timeline.add(WorkerRole::reader, Sample{kT0 + 2 * kMs, 50 + kMiB, 0, 0});
  ASSERT_TRUE(ok.gib_per_s.has_value());
  EXPECT_DOUBLE_EQ(*ok.gib_per_s, 1000.0 / 1024.0);  // 1 MiB in 1 ms
}

}  // namespace
}  // namespace pipetop

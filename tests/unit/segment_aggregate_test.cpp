#include "pipetop/core/figures/segment_aggregate.hpp"

#include <gtest/gtest.h>

#include "fake_run.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/figures/run_outcome.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

constexpr std::int64_t kSecond = 1'000'000'000;

TEST(SegmentAggregate, TotalsAreTheLastCumulativeSampleOfEachWorker) {
  FakeRun o;
  o.writer = {Sample{0, 0, 0, 0}, Sample{kSecond, 3 * kGiB, 100, 40}, Sample{2 * kSecond, 5 * kGiB, 180, 70}};
  o.reader = {Sample{0, 0, 0, 0}, Sample{kSecond, 2 * kGiB, 90, 5}, Sample{2 * kSecond, 4 * kGiB, 170, 9}};
  const RunSummary s = summarize(o.outcome());
  EXPECT_EQ(s.writer.bytes, 5 * kGiB);
  EXPECT_EQ(s.writer.syscalls, 180u);
  EXPECT_EQ(s.writer.eagain, 70u);
  EXPECT_EQ(s.reader.bytes, 4 * kGiB);
  EXPECT_EQ(s.reader.syscalls, 170u);
  EXPECT_EQ(s.reader.eagain, 9u);
  // Throughput is what made it through the pipe: the reader's samples.
  EXPECT_EQ(s.throughput.bytes, 4 * kGiB);
  EXPECT_EQ(s.throughput.samples, 3u);
  ASSERT_TRUE(s.throughput.gib_per_s.has_value());
  EXPECT_DOUBLE_EQ(*s.throughput.gib_per_s, 2.0);
}

TEST(SegmentAggregate, NoSamplesGiveZeros) {
  const RunSummary s = summarize(RunOutcome{});
  EXPECT_EQ(s.writer.bytes, 0u);
  EXPECT_EQ(s.reader.syscalls, 0u);
  EXPECT_EQ(s.throughput.samples, 0u);
  EXPECT_FALSE(s.throughput.gib_per_s.has_value());
}

TEST(RunOutcomeNames, RolesAndEndReasons) {
  EXPECT_EQ(to_string(WorkerRole::writer), "writer");
  EXPECT_EQ(to_string(WorkerRole::reader), "reader");
  EXPECT_EQ(to_string(EndReason::duration), "duration reached");
  EXPECT_EQ(to_string(EndReason::bytes), "byte count reached");
  EXPECT_EQ(to_string(EndReason::interrupted), "interrupted");
  EXPECT_EQ(to_string(EndReason::worker_failed), "worker failed");
}

// The user's program writes: its counters come from the parent's readings (OtherCounts), per GiB
// of what pipetop's reader moved; its CPU from the parent's /proc readings.
TEST(SegmentAggregate, TheOtherProgramsCountersAndCpuFromTheParentsReadings) {
  FakeRun o;
  o.rest.other_end = OtherEnd{};
  o.rest.other_end->role = WorkerRole::writer;
  o.reader = {Sample{0, 0, 0, 0}, Sample{2 * kSecond, 4 * kGiB, 170, 9}};
  o.reader_counters = {{"context-switches", CounterState::counting, ""}};
  o.writer_counters = {{"context-switches", CounterState::counting, ""}};
  Sample first{kSecond / 4, kGiB / 2};
  first.counter_count = 1;
  first.counters[0] = {100, 1, 1};
  Sample last{2 * kSecond + kSecond / 4, 4 * kGiB + kGiB / 2};
  last.counter_count = 1;
  last.counters[0] = {8100, 2, 2};
  o.other_counts = {first, last};
  o.other_role = WorkerRole::writer;
  o.times[0] = {ProcessTimes{0, 0, 0, {0, 0}, 0, 0},
                ProcessTimes{2 * kSecond, kSecond, 0, {kSecond / 2, kSecond / 2}, 0, 0}};
  const RunSummary s = summarize(o.outcome());
  ASSERT_EQ(s.writer.counters.size(), 1U);
  ASSERT_TRUE(s.writer.counters[0].value.has_value());
  EXPECT_DOUBLE_EQ(*s.writer.counters[0].value, 8000);
  ASSERT_TRUE(s.writer.counters[0].per_gib.has_value());
  EXPECT_DOUBLE_EQ(*s.writer.counters[0].per_gib, 2000);
  ASSERT_TRUE(s.writer.derived.context_switches_per_s.has_value());
  EXPECT_DOUBLE_EQ(*s.writer.derived.context_switches_per_s, 4000);
  ASSERT_TRUE(s.writer.cpu_user_percent.has_value());
  EXPECT_DOUBLE_EQ(*s.writer.cpu_user_percent, 25);
  EXPECT_EQ(s.writer.syscalls, 0U) << "the program's calls are not seen";
  EXPECT_EQ(s.writer.bytes, 4 * kGiB) << "the bytes pipetop's reader took from it while it was read";
  EXPECT_EQ(s.throughput.bytes, 4 * kGiB) << "throughput stays the reader's";
  ASSERT_TRUE(s.writer.time.has_value());
  EXPECT_DOUBLE_EQ(s.writer.time->spinning, 0) << "the program's spins are not seen";
}

TEST(SegmentAggregate, TheOtherProgramWithoutReadingsHasItsCountersRowsButNoValues) {
  FakeRun o;
  o.rest.other_end = OtherEnd{};
  o.rest.other_end->role = WorkerRole::reader;
  o.reader_counters = {{"page-faults", CounterState::unavailable, "not permitted"}};
  const RunSummary s = summarize(o.outcome());
  ASSERT_EQ(s.reader.counters.size(), 1U);
  EXPECT_EQ(s.reader.counters[0].info.reason, "not permitted");
  EXPECT_FALSE(s.reader.counters[0].value.has_value());
}

// Ten hours at 10 ms a sample (3.6 million samples a worker): the aggregate holds what a second's
// would, and its figures are those of the whole run.
TEST(SegmentAggregate, TenHoursKeepTheirFiguresInBoundedMemory) {
  constexpr std::int64_t kTick = 10'000'000;
  constexpr std::int64_t kHours = 10;
  constexpr std::uint64_t kBytesPerTick = 40 * kMiB;  // 3.9 GiB/s
  SegmentStart start;
  start.pipe_bytes = 64 * kKiB;
  SegmentAggregate a(start);
  const std::int64_t ticks = kHours * 3600 * 100;
  for (std::int64_t i = 0; i <= ticks; ++i) {
    // Every tenth interval a slow one (half as many bytes), so the percentiles have a spread to find.
    const auto n = static_cast<std::uint64_t>(i);
    const std::uint64_t bytes = n * kBytesPerTick - (n / 10) * (kBytesPerTick / 2);
    Sample s{i * kTick, bytes, n * 2, 0, 0, static_cast<std::int64_t>(i % 3 == 0 ? 64 * kKiB : 0)};
    a.add(WorkerRole::writer, s);
    a.add(WorkerRole::reader, s);
  }
  const RunSummary s = a.summary();
  EXPECT_EQ(s.throughput.samples, static_cast<std::size_t>(ticks + 1));
  EXPECT_EQ(s.reader.bytes, static_cast<std::uint64_t>(ticks) * kBytesPerTick -
                                static_cast<std::uint64_t>(ticks / 10) * (kBytesPerTick / 2));
  EXPECT_GT(s.reader.bytes, 100ULL * 1024 * kGiB) << "totals past 2^32 and 2^40 stay exact in 64 bits";
  EXPECT_DOUBLE_EQ(s.throughput.elapsed_s, static_cast<double>(kHours * 3600));
  // The steady-state mean: 9 fast intervals and one slow one in ten.
  const double expected = 9.5 * static_cast<double>(kBytesPerTick) / static_cast<double>(kGiB) / 0.1;
  ASSERT_TRUE(s.throughput.gib_per_s.has_value());
  EXPECT_NEAR(*s.throughput.gib_per_s, expected, expected * 1e-6);
  const double fast = static_cast<double>(kBytesPerTick) / static_cast<double>(kGiB) / 0.01;
  ASSERT_TRUE(s.throughput.gib_per_s_median.has_value());
  EXPECT_NEAR(*s.throughput.gib_per_s_median, fast, fast * 0.0005) << "within the histogram's 0.05%";
  ASSERT_EQ(s.throughput.gib_per_s_windows.size(), kSteadyWindows);
  for (const double w : s.throughput.gib_per_s_windows) EXPECT_NEAR(w, expected, expected * 1e-3);
  EXPECT_LE(a.timeline().points().size(), kTimelineSpans);
  EXPECT_GE(a.timeline().points().size(), kTimelineSpans / 2) << "the grain doubles only when the spans run out";
  ASSERT_TRUE(s.pipe_fill.full_share().has_value());
  EXPECT_NEAR(*s.pipe_fill.full_share(), 1.0 / 3, 1e-6);
}

TEST(SegmentAggregate, ARestartCountsFromTheLatestSampleOn) {
  SegmentAggregate a(SegmentStart{});
  for (std::int64_t i = 0; i <= 100; ++i) {
    const Sample s{i * kSecond / 100, static_cast<std::uint64_t>(i) * kGiB, static_cast<std::uint64_t>(i)};
    a.add(WorkerRole::writer, s);
    a.add(WorkerRole::reader, s);
  }
  a.add_times(WorkerRole::reader, ProcessTimes{kSecond, kSecond / 2, kSecond / 2, {}, 0, 0});
  a.restart_at(kSecond);
  for (std::int64_t i = 101; i <= 300; ++i) {  // now twice as fast
    const Sample s{i * kSecond / 100, 100 * kGiB + static_cast<std::uint64_t>(i - 100) * 2 * kGiB,
                   static_cast<std::uint64_t>(i)};
    a.add(WorkerRole::writer, s);
    a.add(WorkerRole::reader, s);
  }
  a.add_times(WorkerRole::reader, ProcessTimes{3 * kSecond, 2 * kSecond, kSecond / 2, {}, 0, 0});
  const RunSummary s = a.summary();
  EXPECT_EQ(s.reader.bytes, 400 * kGiB) << "from the restart on";
  EXPECT_EQ(s.reader.syscalls, 200U);
  ASSERT_TRUE(s.throughput.gib_per_s.has_value());
  EXPECT_NEAR(*s.throughput.gib_per_s, 200.0, 1e-9);
  ASSERT_TRUE(s.reader.cpu_wait_fraction.has_value());
  EXPECT_DOUBLE_EQ(*s.reader.cpu_wait_fraction, 0) << "no wait since the restart";
}

TEST(SegmentAggregate, AReapedWorkersOwnCpuTimeWinsOverTheParentsReadings) {
  FakeRun o;
  o.reader = {Sample{0, 0}, Sample{2 * kSecond, 4 * kGiB}};
  o.times[1] = {ProcessTimes{0, 0, 0, {0, 0}, 0, 0},
                ProcessTimes{2 * kSecond, kSecond, 0, {kSecond / 2, kSecond / 2}, 0, 0}};
  EXPECT_DOUBLE_EQ(*summarize(o.outcome()).reader.cpu_user_percent, 25) << "the parent's readings while it runs";
  o.cpu[1] = CpuTime{kSecond, kSecond / 10};
  const RunSummary s = summarize(o.outcome());
  EXPECT_DOUBLE_EQ(*s.reader.cpu_user_percent, 50);
  EXPECT_DOUBLE_EQ(*s.reader.cpu_system_percent, 5);
}

// Issue 21: a worker that failed at its first call (`--pass >> file`: splice refuses O_APPEND) sampled
// over microseconds, and its CPU time over that span read "281.8% user". Too short a span gives none.
TEST(SegmentAggregate, NoShareOfCpuTimeOverASpanOfMicroseconds) {
  FakeRun o;
  o.reader = {Sample{0, 0}, Sample{50'000, 0}};
  o.cpu[1] = CpuTime{140'000, 20'000};
  const RunSummary s = summarize(o.outcome());
  EXPECT_FALSE(s.reader.cpu_user_percent.has_value()) << *s.reader.cpu_user_percent;
  EXPECT_FALSE(s.reader.cpu_system_percent.has_value());
}

}  // namespace
}  // namespace pipetop

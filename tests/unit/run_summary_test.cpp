#include "pipetop/core/run_summary.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

TEST(Summarize, TotalsAreTheLastCumulativeSampleOfEachWorker) {
  RunOutcome o;
  o.writer = {Sample{0, 0, 0, 0}, Sample{kSecond, 3 * kGiB, 100, 40}, Sample{2 * kSecond, 5 * kGiB, 180, 70}};
  o.reader = {Sample{0, 0, 0, 0}, Sample{kSecond, 2 * kGiB, 90, 5}, Sample{2 * kSecond, 4 * kGiB, 170, 9}};
  const RunSummary s = summarize(o);
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

TEST(Summarize, NoSamplesGiveZeros) {
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

// The user's program writes: its counters come from the parent's readings (other_counts), per GiB
// of what pipetop's reader moved; its CPU from the parent's /proc readings.
TEST(Summarize, TheOtherProgramsCountersAndCpuFromTheParentsReadings) {
  RunOutcome o;
  o.other_end = OtherEnd{};
  o.other_end->role = WorkerRole::writer;
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
  o.times_first[0] = ProcessTimes{0, 0, 0, {0, 0}, 0, 0};
  o.times_last[0] = ProcessTimes{2 * kSecond, kSecond, 0, {kSecond / 2, kSecond / 2}, 0, 0};
  const RunSummary s = summarize(o);
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
  EXPECT_EQ(s.throughput.bytes, 4 * kGiB) << "throughput stays the reader's";
}

TEST(Summarize, TheOtherProgramWithoutReadingsHasItsCountersRowsButNoValues) {
  RunOutcome o;
  o.other_end = OtherEnd{};
  o.other_end->role = WorkerRole::reader;
  o.reader_counters = {{"page-faults", CounterState::unavailable, "not permitted"}};
  const RunSummary s = summarize(o);
  ASSERT_EQ(s.reader.counters.size(), 1U);
  EXPECT_EQ(s.reader.counters[0].info.reason, "not permitted");
  EXPECT_FALSE(s.reader.counters[0].value.has_value());
}

}  // namespace
}  // namespace pipetop

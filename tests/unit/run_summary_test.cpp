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

}  // namespace
}  // namespace pipetop

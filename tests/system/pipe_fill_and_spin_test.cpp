// What the workers add to each sample for the bottleneck view, on real sessions: the reader's look at
// the pipe (FIONREAD, once per sample; never more than the pipe holds, and none for the writer), and
// the time busy-loop calls spend finding the pipe full or empty (none when the calls block).

#include <gtest/gtest.h>

#include <algorithm>

#include "session_runner.hpp"

namespace pipetop {
namespace {

RunConfig short_run(bool busy, bool poll = false) {
  RunConfig config;
  config.busy_loop = busy;
  config.poll = poll;
  config.no_counters = true;
  config.duration_ns = 400 * kNsPerMs;
  return config;
}

TEST(PipeFillAndSpin, TheReaderLooksAtThePipeAtEverySampleAndTheWriterNever) {
  const testing::Finished run = testing::run_to_end(short_run(false));
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  ASSERT_GT(run.reader.size(), 10U);
  for (const Sample& s : run.writer) EXPECT_EQ(s.pipe_fill, -1);
  // The kernel's default pipe (64 KiB) at most; the last sample comes after end of file: empty.
  for (const Sample& s : run.reader) {
    EXPECT_GE(s.pipe_fill, 0);
    EXPECT_LE(s.pipe_fill, 1024 * 1024);
  }
  EXPECT_EQ(run.reader.back().pipe_fill, 0);
  // Blocking calls never spin.
  EXPECT_EQ(run.writer.back().spin_ns, 0U);
  EXPECT_EQ(run.reader.back().spin_ns, 0U);
}

TEST(PipeFillAndSpin, BusyLoopsTimeTheCallsThatFoundNothingToDo) {
  for (const bool poll : {false, true}) {
    SCOPED_TRACE(poll ? "busy poll" : "busy EAGAIN");
    const testing::Finished run = testing::run_to_end(short_run(true, poll));
    ASSERT_FALSE(run.start_error) << run.start_error->message;
    ASSERT_FALSE(run.failure) << run.failure->message;
    ASSERT_GE(run.writer.size(), 2U);
    ASSERT_GE(run.reader.size(), 2U);
    // One side waits for the other, spinning: its spin time is a real share of the run, never more
    // than the time that passed, and it only grows.
    const auto spun = [](const std::vector<Sample>& samples) {
      return static_cast<double>(samples.back().spin_ns - samples.front().spin_ns) /
             static_cast<double>(samples.back().t_ns - samples.front().t_ns);
    };
    EXPECT_GT(std::max(spun(run.writer), spun(run.reader)), 0.01);
    EXPECT_LE(spun(run.writer), 1.0);
    EXPECT_LE(spun(run.reader), 1.0);
    for (const std::vector<Sample>* samples : {&run.writer, &run.reader}) {
      EXPECT_TRUE(std::is_sorted(samples->begin(), samples->end(),
                                 [](const Sample& a, const Sample& b) { return a.spin_ns < b.spin_ns; }));
    }
  }
}

}  // namespace
}  // namespace pipetop

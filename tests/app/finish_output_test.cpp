#include "pipetop/app/finish_output.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <thread>

#include "test_pipe.hpp"

namespace pipetop {
namespace {

using testing::TestPipe;
using namespace std::chrono_literals;

// A reader that is late (100 ms), not gone: reads the `left` bytes of `pipe`, keeping what it read in
// `into`.
std::thread late_reader(TestPipe& pipe, std::size_t& left, std::string& into) {
  return std::thread([&pipe, &left, &into] {
    std::this_thread::sleep_for(100ms);
    while (left > 0) {
      const std::string some = pipe.read_some(left);
      if (some.empty()) return;
      left -= some.size();
      into += some;
    }
  });
}

// What `timeout` does: SIGTERM to pipetop, then to its whole group. The first ended the run (code
// 143); the second is still pending while the summary waits for a slow reader, and must not cost it.
TEST(FinishOutput, ASecondSignalAfterTheOneThatEndedTheRunStillLetsTheSummaryOut) {
  Result<SignalWatch> signals = SignalWatch::install();
  ASSERT_TRUE(signals) << signals.error().message;
  TestPipe pipe;
  std::size_t left = pipe.fill();
  raise(SIGTERM);  // blocked: it waits on the signalfd
  std::string summary;
  {
    OutputStream out(pipe.writer());
    out.write("ended        interrupted\n");
    left += 25;
    std::thread reader = late_reader(pipe, left, summary);
    EXPECT_EQ(finish_output(out, 128 + SIGTERM, *signals), 128 + SIGTERM);
    EXPECT_EQ(out.unwritten_bytes(), 0U) << "the summary was given up for the second signal";
    reader.join();
  }
  EXPECT_TRUE(summary.ends_with("ended        interrupted\n"));
  EXPECT_EQ(signals->take(), SIGTERM);  // left pending, as main's exit would leave it
  unblock_termination_signals();
}

// Issue 21: a failed run (exit 1, 4, a command's status) ends without reading the signal that came
// meanwhile; that signal, pending at the flush, threw the summary away although its reader was there.
TEST(FinishOutput, ASignalPendingWhenAFailedRunFinishesStillLetsTheSummaryOut) {
  Result<SignalWatch> signals = SignalWatch::install();
  ASSERT_TRUE(signals) << signals.error().message;
  TestPipe pipe;
  std::size_t left = pipe.fill();
  raise(SIGTERM);
  std::string summary;
  {
    OutputStream out(pipe.writer());
    out.write("failed       nothing moved\n");
    left += 27;
    std::thread reader = late_reader(pipe, left, summary);
    EXPECT_EQ(finish_output(out, 1, *signals), 1);
    EXPECT_EQ(out.unwritten_bytes(), 0U) << "the summary was given up for a pending signal";
    reader.join();
  }
  EXPECT_TRUE(summary.ends_with("failed       nothing moved\n"));
  unblock_termination_signals();
}

// Without a signal that ended the run, one arriving while the output waits ends the wait after the
// moment an interrupted run's output gets: a stdout nobody reads cannot keep pipetop from leaving.
TEST(FinishOutput, ASignalDuringTheFlushOfACompletedRunEndsTheWait) {
  Result<SignalWatch> signals = SignalWatch::install();
  ASSERT_TRUE(signals) << signals.error().message;
  TestPipe pipe;
  std::size_t left = pipe.fill();
  raise(SIGTERM);
  {
    OutputStream out(pipe.writer());
    out.write("summary\n");
    left += 8;
    EXPECT_EQ(finish_output(out, 0, *signals), 128 + SIGTERM);
    EXPECT_GT(out.unwritten_bytes(), 0U);
    while (left > 0) left -= pipe.read_some(left).size();  // lets the stream's thread end
  }
  unblock_termination_signals();
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/figures/run_verdict.hpp"

#include <gtest/gtest.h>

#include <csignal>

#include "fake_run.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

// A run whose reader moved `bytes` in a second, ended as `end`.
RunOutcome moved(std::uint64_t bytes, EndReason end = EndReason::duration) {
  testing::FakeRun run;
  Sample first;
  Sample last;
  last.t_ns = 1'000'000'000;
  last.bytes = bytes;
  run.writer = {first, last};
  run.reader = run.writer;
  run.rest.end = end;
  return run.outcome();
}

RunOutcome verified(std::uint64_t mismatches, std::uint64_t first = 0) {
  RunOutcome o = moved(kGiB);
  RunConfig config;
  config.verify = true;
  o.segment.set_config(config);
  o.verify = VerifyResult{kGiB, mismatches, first};
  return o;
}

TEST(RunVerdict, CleanRunIsOk) {
  EXPECT_TRUE(judge_run(moved(kMiB)).ok());
  EXPECT_TRUE(judge_run(verified(0)).ok());
  EXPECT_EQ(run_exit_code(judge_run(verified(0)), std::nullopt), 0);
}

// `true | pipetop run --stdin`: the exit-code table says 1 when nothing moved, and so does the run.
TEST(RunVerdict, NothingMovedFailsTheRunAndSaysWhy) {
  RunOutcome o = moved(0, EndReason::other_end);
  o.other_end = OtherEnd{};
  o.other_end->words = "producer (stdin)";
  RunVerdict verdict = judge_run(o);
  ASSERT_EQ(verdict.problems.size(), 1U);
  EXPECT_EQ(verdict.problems[0], "nothing moved: the producer (stdin) closed its end without writing");
  EXPECT_EQ(run_exit_code(verdict, std::nullopt), 1);

  o.end = EndReason::duration;
  verdict = judge_run(o);
  ASSERT_EQ(verdict.problems.size(), 1U);
  EXPECT_EQ(verdict.problems[0],
            "nothing moved: the producer (stdin) wrote nothing before the run ended (duration reached)");

  verdict = judge_run(moved(0));
  ASSERT_EQ(verdict.problems.size(), 1U);
  EXPECT_EQ(verdict.problems[0], "nothing moved: no byte went through the pipe (duration reached)");
}

// What explains an empty run otherwise keeps its own exit code: a signal, a worker's failure, the
// failed command's status.
TEST(RunVerdict, NothingMovedIsNoProblemOfItsOwnWhenSomethingElseExplainsIt) {
  EXPECT_EQ(run_exit_code(judge_run(moved(0, EndReason::interrupted)), SIGINT), 128 + SIGINT);
  RunOutcome failed = moved(0, EndReason::worker_failed);
  failed.failure = "reader failed";
  EXPECT_EQ(judge_run(failed).problems, std::vector<std::string>{"reader failed"});
  RunOutcome command = moved(0, EndReason::other_end);
  command.other_end = OtherEnd{};
  command.other_end->words = "command";
  command.other_end->exit_status = 7;
  EXPECT_TRUE(judge_run(command).ok());
  EXPECT_EQ(command_exit_code(command.other_end), 7);
}

TEST(RunVerdict, MismatchesFailTheRunAndNameTheFirstOffset) {
  const RunVerdict verdict = judge_run(verified(3, 4096));
  ASSERT_EQ(verdict.problems.size(), 1U);
  EXPECT_NE(verdict.problems[0].find("3 mismatched byte(s)"), std::string::npos) << verdict.problems[0];
  EXPECT_NE(verdict.problems[0].find("in 1 GiB checked"), std::string::npos) << verdict.problems[0];
  EXPECT_NE(verdict.problems[0].find("stream offset 4096"), std::string::npos) << verdict.problems[0];
  EXPECT_EQ(run_exit_code(verdict, std::nullopt), 1);
}

TEST(RunVerdict, WorkerFailureComesFirst) {
  RunOutcome o = verified(1, 7);
  o.end = EndReason::worker_failed;
  o.failure = "reader was killed by signal 9 (Killed)";
  const RunVerdict verdict = judge_run(o);
  ASSERT_EQ(verdict.problems.size(), 2U);
  EXPECT_EQ(verdict.problems[0], o.failure);
  EXPECT_EQ(run_exit_code(verdict, std::nullopt), 1);
}

TEST(RunVerdict, SignalGivesOneHundredTwentyEightPlusItsNumber) {
  EXPECT_EQ(run_exit_code(judge_run(verified(0)), SIGTERM), 128 + SIGTERM);
  EXPECT_EQ(run_exit_code(judge_run(moved(kMiB)), SIGINT), 128 + SIGINT);
}

TEST(RunVerdict, FailureOutranksTheSignal) {
  EXPECT_EQ(run_exit_code(judge_run(verified(2, 0)), SIGTERM), 1);
}

}  // namespace
}  // namespace pipetop

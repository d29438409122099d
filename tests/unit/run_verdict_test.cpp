#include "pipetop/core/run_verdict.hpp"

#include <gtest/gtest.h>

#include <csignal>

#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

RunOutcome verified(std::uint64_t mismatches, std::uint64_t first = 0) {
  RunOutcome o;
  o.config.verify = true;
  o.verify = VerifyResult{kGiB, mismatches, first};
  return o;
}

TEST(RunVerdict, CleanRunIsOk) {
  EXPECT_TRUE(judge_run(RunOutcome{}).ok());
  EXPECT_TRUE(judge_run(verified(0)).ok());
  EXPECT_EQ(run_exit_code(judge_run(verified(0)), std::nullopt), 0);
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
  EXPECT_EQ(run_exit_code(judge_run(RunOutcome{}), SIGINT), 128 + SIGINT);
}

TEST(RunVerdict, FailureOutranksTheSignal) {
  EXPECT_EQ(run_exit_code(judge_run(verified(2, 0)), SIGTERM), 1);
}

}  // namespace
}  // namespace pipetop

// The meter people leave on a pipe, as pv and dd taught them: a progress line on a terminal's stderr
// (rate, total, elapsed; with --size the share done and the time left), -q for none, and SIGUSR1 for
// the summary so far on stderr while the run goes on to its normal end.

#include <gtest/gtest.h>

#include <csignal>
#include <regex>
#include <string>

#include "run_binary.hpp"
#include "run_on_terminal.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// `run -- yes` measures a program pipetop starts: one of the meter's forms, with the terminal free
// for stdin, stdout and stderr.
TEST(Meter, OnATerminalAProgressLineTakesThePlaceOfTheLinePerSecond) {
  const testing::OnTerminal ran =
      testing::run_on_terminal({"run", "--duration", "2500ms", "--size", "1000G", "--", "yes"}, {}, 60s);
  ASSERT_TRUE(ran.error.empty()) << ran.error;
  ASSERT_FALSE(ran.timed_out) << ran.screen;
  EXPECT_EQ(ran.exit_code, 0) << ran.screen;
  EXPECT_TRUE(has(ran.screen, "\r\033[K")) << ran.screen;  // rewritten in place
  EXPECT_TRUE(has(ran.screen, "  0:00:01  ")) << ran.screen;
  EXPECT_TRUE(has(ran.screen, "% · ETA ")) << ran.screen;  // 0% or 1% of 1000G: how fast depends on the machine
  EXPECT_TRUE(has(ran.screen, "/s  [")) << ran.screen;
  EXPECT_FALSE(has(ran.screen, " total")) << "no line per second beside it\n" << ran.screen;
  EXPECT_TRUE(has(ran.screen, "ended        duration reached")) << ran.screen;
}

TEST(Meter, QuietShowsNoProgressLine) {
  const testing::OnTerminal ran =
      testing::run_on_terminal({"run", "-q", "--duration", "1500ms", "--size", "1000G", "--", "yes"}, {}, 60s);
  ASSERT_TRUE(ran.error.empty()) << ran.error;
  EXPECT_EQ(ran.exit_code, 0) << ran.screen;
  EXPECT_FALSE(has(ran.screen, "ETA")) << ran.screen;
  EXPECT_FALSE(has(ran.screen, "\r\033[K")) << ran.screen;
  EXPECT_TRUE(has(ran.screen, "ended        duration reached")) << ran.screen;
}

// Without a terminal the line per second stays (a log reads it), with the share done.
TEST(Meter, WithoutATerminalTheLinePerSecondSaysTheShareDone) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "1500ms", "--size", "1000G", "--", "yes"}, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  // 0% or 1% of 1000G after the first second: how fast depends on the machine (a CI VM moved 11 GiB)
  EXPECT_TRUE(std::regex_search(ran.out, std::regex(" total  [0-9]+% · ETA "))) << ran.out;
  EXPECT_FALSE(has(ran.err, "\033[K")) << ran.err;
}

TEST(Meter, SigusrOnePrintsTheSummarySoFarOnStderrAndTheRunGoesOn) {
  bool sent = false;
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "3s", "--", "yes"}, 60s, [&](pid_t pid, const std::string& out) {
        if (sent || !has(out, " total")) return;  // its first line per second: well past set-up
        kill(pid, SIGUSR1);
        sent = true;
      });
  ASSERT_TRUE(sent) << ran.out << ran.err;
  ASSERT_FALSE(ran.timed_out);
  EXPECT_FALSE(ran.signaled) << "SIGUSR1's default action ended it";
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(count(ran.err, "ended        still running (the summary so far)"), 1U) << ran.err;
  EXPECT_TRUE(has(ran.err, "  throughput   ")) << ran.err;
  EXPECT_TRUE(has(ran.err, "other end    command")) << ran.err;
  // It went on: more lines per second after it, and the real end.
  EXPECT_TRUE(has(ran.out, "   2.00s")) << ran.out;
  EXPECT_TRUE(has(ran.out, "ended        duration reached")) << ran.out;
  EXPECT_FALSE(has(ran.out, "still running")) << ran.out;
}

TEST(Meter, SizeIsRefusedForPipetopsOwnPair) {
  const testing::Ran own = testing::run_binary({"run", "--size", "1G", "--duration", "1s"}, 30s);
  EXPECT_EQ(own.exit_code, 2);
  EXPECT_TRUE(has(own.err, "pipetop: --size is how long your program's stream is")) << own.err;
  const testing::Ran pairs = testing::run_binary({"run", "--pairs", "2", "--size", "1G"}, 30s);
  EXPECT_EQ(pairs.exit_code, 2);
  EXPECT_TRUE(has(pairs.err, "pipetop: --size is how long your program's stream is")) << pairs.err;
  const testing::Ran bad = testing::run_binary({"run", "--size", "lots", "--", "yes"}, 30s);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(has(bad.err, "--size")) << bad.err;
}

}  // namespace
}  // namespace pipetop

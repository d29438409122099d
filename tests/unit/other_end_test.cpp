// The user's program at the other end in the reports: its name, its CPU, how a command ended, and
// the exit code `pipetop run` follows it with.

#include "pipetop/core/other_end.hpp"

#include <gtest/gtest.h>

#include <csignal>

namespace pipetop {
namespace {

RunOutcome with_command(std::optional<int> status, std::optional<int> signal, bool by_pipetop = false) {
  RunOutcome o;
  o.end = EndReason::other_end;
  o.other_end = OtherEnd{};
  o.other_end->exit_status = status;
  o.other_end->exit_signal = signal;
  o.other_end->ended_by_pipetop = by_pipetop;
  return o;
}

TEST(CommandExitCode, FollowsTheCommandsOwnStatus) {
  EXPECT_EQ(command_exit_code(with_command(0, std::nullopt)), 0);
  EXPECT_EQ(command_exit_code(with_command(3, std::nullopt)), 3);
  EXPECT_EQ(command_exit_code(with_command(std::nullopt, SIGKILL)), 128 + SIGKILL);
}

TEST(CommandExitCode, NoneWhenPipetopEndedItOrThereIsNoCommand) {
  EXPECT_EQ(command_exit_code(with_command(std::nullopt, SIGTERM, true)), std::nullopt);  // --duration ended it
  EXPECT_EQ(command_exit_code(RunOutcome{}), std::nullopt);
}

TEST(CommandEndWords, SaysWhoEndedIt) {
  EXPECT_EQ(command_end_words(*with_command(3, std::nullopt).other_end), "exited with status 3");
  EXPECT_EQ(command_end_words(*with_command(std::nullopt, SIGKILL).other_end), "killed by signal 9 (Killed)");
  EXPECT_EQ(command_end_words(*with_command(std::nullopt, SIGTERM, true).other_end),
            "ended by pipetop (signal 15 (Terminated))");
  EXPECT_EQ(command_end_words(OtherEnd{}), "");
}

TEST(NameOtherEnd, PidAndCommandLineOrWhyNot) {
  OtherEnd end;
  end.pid = 4242;
  end.command_line = "yes y";
  EXPECT_EQ(name_other_end(end), "pid 4242: yes y");
  OtherEnd unknown;
  unknown.unknown_reason = "cannot be found: it may belong to another user";
  EXPECT_EQ(name_other_end(unknown), unknown.unknown_reason);
}

TEST(OtherEndCpu, FromTheFirstAndLastReadingsOfItsRole) {
  RunOutcome o = with_command(0, std::nullopt);
  o.other_end->role = WorkerRole::writer;
  o.times_first[0] = ProcessTimes{.t_ns = 1'000'000'000, .cpu = {100'000'000, 50'000'000}};
  o.times_last[0] = ProcessTimes{.t_ns = 2'000'000'000, .cpu = {900'000'000, 150'000'000}};
  const OtherEndCpu cpu = other_end_cpu(o);
  ASSERT_TRUE(cpu.user_percent && cpu.system_percent);
  EXPECT_DOUBLE_EQ(*cpu.user_percent, 80.0);
  EXPECT_DOUBLE_EQ(*cpu.system_percent, 10.0);
  o.other_end->role = WorkerRole::reader;  // no readings of the reader
  EXPECT_FALSE(other_end_cpu(o).user_percent);
}

}  // namespace
}  // namespace pipetop

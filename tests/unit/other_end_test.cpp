// The user's program at the other end in the reports: its name, how a command ended, and the exit
// code `pipetop run` follows it with. (Its CPU: segment_aggregate_test.cpp.)

#include "pipetop/core/figures/other_end.hpp"

#include <gtest/gtest.h>

#include <csignal>

namespace pipetop {
namespace {

std::optional<OtherEnd> with_command(std::optional<int> status, std::optional<int> signal, bool by_pipetop = false) {
  OtherEnd end;
  end.exit_status = status;
  end.exit_signal = signal;
  end.ended_by_pipetop = by_pipetop;
  return end;
}

TEST(CommandExitCode, FollowsTheCommandsOwnStatus) {
  EXPECT_EQ(command_exit_code(with_command(0, std::nullopt)), 0);
  EXPECT_EQ(command_exit_code(with_command(3, std::nullopt)), 3);
  EXPECT_EQ(command_exit_code(with_command(std::nullopt, SIGKILL)), 128 + SIGKILL);
}

TEST(CommandExitCode, NoneWhenPipetopEndedItOrThereIsNoCommand) {
  EXPECT_EQ(command_exit_code(with_command(std::nullopt, SIGTERM, true)), std::nullopt);  // --duration ended it
  EXPECT_EQ(command_exit_code(std::nullopt), std::nullopt);
}

TEST(CommandEndWords, SaysWhoEndedIt) {
  EXPECT_EQ(command_end_words(*with_command(3, std::nullopt)), "exited with status 3");
  EXPECT_EQ(command_end_words(*with_command(std::nullopt, SIGKILL)), "killed by signal 9 (Killed)");
  EXPECT_EQ(command_end_words(*with_command(std::nullopt, SIGTERM, true)), "ended by pipetop (signal 15 (Terminated))");
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

}  // namespace
}  // namespace pipetop

// Which ends are pipetop's: the forms of the command line, what goes with which, and the streams they need.

#include "pipetop/core/config/pipe_ends.hpp"

#include <gtest/gtest.h>

namespace pipetop {
namespace {

struct Ask {
  bool stdin_flag = false;
  bool stdout_flag = false;
  bool pass = false;
  std::vector<std::string> command = {};
  std::vector<std::string> given = {};
};

Result<PipeEnds> choose(const Ask& ask, FdKind in = FdKind::pipe, FdKind out = FdKind::pipe) {
  EndsRequest request;
  request.stdin_flag = ask.stdin_flag;
  request.stdout_flag = ask.stdout_flag;
  request.pass = ask.pass;
  request.command = ask.command;
  request.given = ask.given;
  return choose_pipe_ends(request, in, out);
}

PipeEnds stdin_ends() {
  PipeEnds ends;
  ends.kind = EndsKind::stdin_reader;
  return ends;
}

TEST(PipeEnds, StdinAskedReadsUntilTheProducerEnds) {
  const Result<PipeEnds> ends = choose({.stdin_flag = true});
  ASSERT_TRUE(ends);
  EXPECT_EQ(ends->kind, EndsKind::stdin_reader);
  EXPECT_TRUE(ends->until_end);
  EXPECT_FALSE(ends->ours(WorkerRole::writer));
  EXPECT_TRUE(ends->ours(WorkerRole::reader));
  EXPECT_EQ(ends->measured(), WorkerRole::reader);
}

TEST(PipeEnds, ADurationBoundsAReadingForm) {
  const Result<PipeEnds> ends = choose({.stdin_flag = true, .given = {"--duration"}});
  ASSERT_TRUE(ends);
  EXPECT_FALSE(ends->until_end);
}

TEST(PipeEnds, StdinThatIsAPipeIsReadWithoutAsking) {
  EXPECT_EQ(choose({})->kind, EndsKind::stdin_reader);
  EXPECT_EQ(choose({}, FdKind::terminal)->kind, EndsKind::own_pair);
  EXPECT_EQ(choose({}, FdKind::regular_file)->kind, EndsKind::own_pair);
}

TEST(PipeEnds, AWriterOptionKeepsTheOwnPairWhenStdinIsAPipe) {
  const Result<PipeEnds> ends = choose({.given = {"--writer"}});
  ASSERT_TRUE(ends);
  EXPECT_EQ(ends->kind, EndsKind::own_pair);
  EXPECT_TRUE(ends->ours(WorkerRole::writer));
}

TEST(PipeEnds, EveryWriterOptionIsRefusedWithStdin) {
  for (const std::string_view option : {"--writer", "--writer-cpu", "--bytes", "--gift", "--same-buffer", "--verify"}) {
    const Result<PipeEnds> ends = choose({.stdin_flag = true, .given = {std::string(option)}});
    ASSERT_FALSE(ends) << option;
    EXPECT_EQ(ends.error().kind, ExitCode::usage);
    EXPECT_NE(ends.error().message.find(std::string(option)), std::string::npos) << ends.error().message;
  }
}

TEST(PipeEnds, WriterOptionsAreRefusedWithACommandToo) {
  const Result<PipeEnds> ends = choose({.command = {"yes"}, .given = {"--gift"}});
  ASSERT_FALSE(ends);
  EXPECT_NE(ends.error().message.find("-- COMMAND"), std::string::npos) << ends.error().message;
}

TEST(PipeEnds, EachFlagIsRefusedOnTheSideItsRowNames) {
  EXPECT_EQ(first_option_only_for({"--busy-loop", "--huge-pages", "--gift"}, WorkerRole::writer), "--gift");
  EXPECT_EQ(first_option_only_for({"--busy-loop", "--gift"}, WorkerRole::reader), "");
  EXPECT_EQ(first_option_only_for({"--verify"}, WorkerRole::reader), "--verify") << "verify needs both ends";
  EXPECT_EQ(first_option_only_for({"--reader-cpu"}, WorkerRole::reader), "--reader-cpu");
  EXPECT_EQ(first_option_only_for({"--reader-cpu"}, WorkerRole::writer), "");
}

TEST(PipeEnds, ReaderOptionsAreRefusedWithStdout) {
  const Result<PipeEnds> ends = choose({.stdout_flag = true, .given = {"--reader-cpu"}});
  ASSERT_FALSE(ends);
  EXPECT_EQ(ends.error().kind, ExitCode::usage);
  EXPECT_NE(ends.error().message.find("--reader-cpu"), std::string::npos);
}

TEST(PipeEnds, StdinMustBeAPipe) {
  for (const FdKind kind : {FdKind::terminal, FdKind::regular_file, FdKind::closed, FdKind::other}) {
    const Result<PipeEnds> ends = choose({.stdin_flag = true}, kind);
    ASSERT_FALSE(ends);
    EXPECT_EQ(ends.error().kind, ExitCode::usage);
    const std::string says = kind == FdKind::closed ? "it is closed" : "it is a " + std::string(to_string(kind));
    EXPECT_NE(ends.error().message.find(says), std::string::npos) << ends.error().message;
  }
}

TEST(PipeEnds, StdoutMustBeAPipe) {
  const Result<PipeEnds> ends = choose({.stdout_flag = true}, FdKind::terminal, FdKind::terminal);
  ASSERT_FALSE(ends);
  EXPECT_NE(ends.error().message.find("--stdout needs stdout to be a pipe, and it is a terminal"), std::string::npos)
      << ends.error().message;
  EXPECT_TRUE(choose({.stdout_flag = true}, FdKind::terminal, FdKind::pipe));
}

TEST(PipeEnds, OneFormAtATime) {
  EXPECT_FALSE(choose({.stdin_flag = true, .stdout_flag = true}));
  EXPECT_FALSE(choose({.stdin_flag = true, .command = {"yes"}}));
  EXPECT_FALSE(choose({.stdout_flag = true, .command = {"yes"}}));
}

TEST(PipeEnds, PassNeedsAReaderOfOurs) {
  EXPECT_FALSE(choose({.stdout_flag = true, .pass = true}));
  EXPECT_TRUE(choose({.stdin_flag = true, .pass = true}));
  EXPECT_TRUE(choose({.pass = true, .command = {"yes"}}));
  const Result<PipeEnds> implied = choose({.pass = true}, FdKind::terminal);
  ASSERT_FALSE(implied);  // --pass alone means stdin, which must be a pipe
  EXPECT_NE(implied.error().message.find("--stdin"), std::string::npos);
}

TEST(PipeEnds, AReaderOfOursSplicesUnlessTold) {
  EXPECT_EQ(config_for_ends(RunConfig{}, stdin_ends(), {}).reader, ReaderKind::splice);
  EXPECT_EQ(config_for_ends(RunConfig{}, stdin_ends(), {"--reader"}).reader, ReaderKind::read);
  EXPECT_EQ(config_for_ends(RunConfig{}, PipeEnds{}, {}).reader, RunConfig{}.reader);
}

}  // namespace
}  // namespace pipetop

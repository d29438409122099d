// A command standing in for an arm (pipetop ab --b-command), with a fake CommandRunner: the figure read
// from what the command prints (the seed's --csv row, its plain line, a last line that is not one),
// what each run is given (CPUs, bytes, the slice, its timeout), a failed run as the trial's error, and
// a race of pipetop's arm against the command in paired rounds, each command slice asked for the bytes
// that fill it at the arm's last figure.

#include "pipetop/core/experiment/command_arm.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "fake_trial_runner.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/experiment/round_runner.hpp"

namespace pipetop {
namespace {

using testing::FakeTrialRunner;

// Runs nothing: answers each run from a script and moves the race's clock (the fake trial runner's)
// on by the slice the run was asked to fill.
class FakeCommandRunner final : public CommandRunner {
 public:
  using Script = std::function<Result<std::string>(const CommandRun& run)>;
  FakeCommandRunner(FakeTrialRunner& clock, Script script) : clock_(clock), script_(std::move(script)) {}

  Result<std::string> run(const CommandRun& run) override {
    runs.push_back(run);
    clock_.advance(slice_ns(run));
    return script_(run);
  }
  std::int64_t now_ns() override { return clock_.now_ns(); }

  // The variable `name` of run `i`.
  [[nodiscard]] std::string variable(std::size_t i, std::string_view name) const {
    for (const auto& [key, value] : runs.at(i).env) {
      if (key == name) return value;
    }
    return "(unset)";
  }

  std::vector<CommandRun> runs;

 private:
  static std::int64_t slice_ns(const CommandRun& run) {
    for (const auto& [key, value] : run.env) {
      if (key == kSliceVariable) return std::llround(std::stod(value) * 1e9);
    }
    return 0;
  }
  FakeTrialRunner& clock_;
  Script script_;
};

Result<std::string> prints(std::string text) {
  return text;
}

// `config` on CPUs `writer` and `reader`.
RunConfig pinned(int writer, int reader, RunConfig config = {}) {
  config.writer_cpu = writer;
  config.reader_cpu = reader;
  return config;
}

TEST(CommandFigure, IsTheNumberTheLastLineStartsWith) {
  EXPECT_DOUBLE_EQ(*command_figure("12.345678,1073741824,262144,0,1,0,1,0,1,1,0,0,0,0\n"), 12.345678);
  EXPECT_DOUBLE_EQ(*command_figure("4.5GiB/s, 256KiB buffer, 40960 iterations (10GiB piped)\n"), 4.5);
  EXPECT_DOUBLE_EQ(*command_figure("will read 1GiB\n  3.25\n\n \n"), 3.25) << "the last line with something on it";
  EXPECT_DOUBLE_EQ(*command_figure("7"), 7.0) << "no newline at the end";
}

TEST(CommandFigure, FailsNamingTheLineThatHoldsNone) {
  const Result<double> words = command_figure("10.0\ndone, no figure\n");
  ASSERT_FALSE(words);
  EXPECT_EQ(words.error().message, "the command's last line 'done, no figure' does not start with its figure");
  EXPECT_NE(words.error().hint.find("GiB/s first on a line"), std::string::npos);
  for (const char* output : {"0,1,2\n", "-3.5\n", "nan\n", "inf\n"}) {
    EXPECT_FALSE(command_figure(output)) << output << " is no figure of a command that moved bytes";
  }
  const Result<double> nothing = command_figure(" \n\n");
  ASSERT_FALSE(nothing);
  EXPECT_EQ(nothing.error().message, "the command printed nothing: it must print its GiB/s");
}

TEST(CommandSliceBytes, FillTheSliceAtTheLastFigure) {
  EXPECT_EQ(command_slice_bytes(2.0, 500 * kNsPerMs), kGiB);
  EXPECT_EQ(command_slice_bytes(40.0, 250 * kNsPerMs), 10 * kGiB);
  EXPECT_EQ(command_slice_bytes(std::nullopt, 500 * kNsPerMs), kCommandFirstBytes);
  EXPECT_EQ(command_slice_bytes(0.01, 500 * kNsPerMs), kCommandLeastBytes) << "never fewer";
}

TEST(CommandTrialRunner, GivesTheCommandItsCpusBytesAndSlice) {
  FakeTrialRunner clock;
  FakeCommandRunner commands(clock, [](const CommandRun&) { return prints("31.5,1073741824\n"); });
  CommandTrialRunner runner(commands, "seed write | seed read", {0, 1, 2, 3});
  RunConfig config = pinned(2, 3);
  config.bytes_limit = 3 * kGiB;
  const std::int64_t started = clock.now_ns();
  const Trial trial = runner.run(config, 555'555'556);
  ASSERT_FALSE(trial.error) << trial.error->message;
  EXPECT_DOUBLE_EQ(*trial.gib_per_s(), 31.5);
  EXPECT_FALSE(trial.disturbed()) << "no workers of pipetop's were watched";
  EXPECT_EQ(trial.summary.throughput.bytes, 3 * kGiB);
  ASSERT_EQ(commands.runs.size(), 1u);
  const CommandRun& run = commands.runs.front();
  EXPECT_EQ(run.command, "seed write | seed read");
  EXPECT_EQ(run.cpus, (std::vector<int>{2, 3}));
  EXPECT_EQ(commands.variable(0, "PIPETOP_WRITER_CPU"), "2");
  EXPECT_EQ(commands.variable(0, "PIPETOP_READER_CPU"), "3");
  EXPECT_EQ(commands.variable(0, "PIPETOP_BYTES"), "3221225472");
  EXPECT_EQ(commands.variable(0, "PIPETOP_SLICE_S"), "0.556");
  EXPECT_EQ(run.timeout_ns, kCommandOverrun * 555'555'556 + kCommandGraceNs);
  EXPECT_EQ(runner.now_ns(), started + 556 * kNsPerMs) << "the race's clock, through the command runner";
}

TEST(CommandTrialRunner, AnUnpinnedSideMayRunAnywherePipetopMay) {
  FakeTrialRunner clock;
  FakeCommandRunner commands(clock, [](const CommandRun&) { return prints("1.0\n"); });
  CommandTrialRunner runner(commands, "true", {0, 1, 2, 3, 6});
  (void)runner.run(pinned(kUnpinned, 1), kNsPerS);
  (void)runner.run(pinned(1, 1), kNsPerS);
  EXPECT_EQ(commands.variable(0, "PIPETOP_WRITER_CPU"), "0-3,6");
  EXPECT_EQ(commands.variable(0, "PIPETOP_READER_CPU"), "1");
  EXPECT_EQ(commands.runs[0].cpus, (std::vector<int>{0, 1, 2, 3, 6}));
  EXPECT_EQ(commands.runs[1].cpus, (std::vector<int>{1})) << "both on one CPU";
  EXPECT_EQ(commands.variable(1, "PIPETOP_BYTES"), std::to_string(kCommandFirstBytes)) << "no bytes asked";
}

TEST(CommandTrialRunner, AFailedRunOrAMissingFigureIsTheTrialsError) {
  FakeTrialRunner clock;
  FakeCommandRunner failing(clock, [](const CommandRun&) -> Result<std::string> {
    return std::unexpected(runtime_error("the command 'false' exited with status 1"));
  });
  const Trial failed = CommandTrialRunner(failing, "false", {0, 1}).run(pinned(0, 1), kNsPerS);
  ASSERT_TRUE(failed.error);
  EXPECT_EQ(failed.error->message, "the command 'false' exited with status 1");
  EXPECT_FALSE(failed.gib_per_s());
  FakeCommandRunner wordy(clock, [](const CommandRun&) { return prints("all done\n"); });
  const Trial no_figure = CommandTrialRunner(wordy, "echo all done", {0, 1}).run(pinned(0, 1), kNsPerS);
  ASSERT_TRUE(no_figure.error);
  EXPECT_NE(no_figure.error->message.find("'all done' does not start with its figure"), std::string::npos);
}

// pipetop's configuration (A, 40 GiB/s on the fake machine) against a command (B) that reports 20 GiB/s.
struct CommandRace {
  FakeTrialRunner session{[](const RunConfig&, std::int64_t) -> std::optional<double> { return 40.0; }};
  FakeCommandRunner commands;
  CommandTrialRunner command;
  explicit CommandRace(FakeCommandRunner::Script script)
      : commands(session, std::move(script)), command(commands, "seed", {0, 1}) {}
  PairedRounds race(std::int64_t budget_ns = 60 * kNsPerS) {
    Result<PairedRounds> r = PairedRounds::start({2, {{0, 1}}, budget_ns, 0.02}, session.now_ns());
    EXPECT_TRUE(r) << r.error().message;
    const std::vector<RoundArm> arms{{&session, pinned(0, 1), false}, {&command, pinned(0, 1), true}};
    run_rounds(*r, arms, kDefaultSliceNs, nullptr, {});
    return std::move(*r);
  }
};

TEST(CommandArmRace, EachCommandSliceMovesWhatFillsItAtTheLastFigure) {
  CommandRace c([](const CommandRun&) { return prints("20.0,...\n"); });
  const PairedRounds r = c.race();
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_DOUBLE_EQ(*r.estimate({0, 1}).median, 2.0);
  EXPECT_EQ(r.rounds().size(), 6u);
  const std::int64_t run_ns = slice_run_ns(kDefaultSliceNs);
  ASSERT_EQ(c.commands.runs.size(), 6u);
  EXPECT_EQ(c.commands.variable(0, "PIPETOP_BYTES"), std::to_string(command_slice_bytes(40.0, run_ns)))
      << "its first slice, after A's in the first round: A's figure";
  for (std::size_t i = 1; i < c.commands.runs.size(); ++i) {
    EXPECT_EQ(c.commands.variable(i, "PIPETOP_BYTES"), std::to_string(command_slice_bytes(20.0, run_ns)))
        << "then its own";
  }
  for (const FakeTrialRunner::Call& call : c.session.calls) EXPECT_FALSE(call.config.bytes_limit) << "A runs by time";
  const std::vector<std::size_t> order{r.rounds()[1].slices[0].arm, r.rounds()[1].slices[1].arm};
  EXPECT_EQ(order, (std::vector<std::size_t>{1, 0})) << "ABBA as for any two arms";
  EXPECT_GT(r.rounds()[0].slice_of(1)->ended_ns, r.rounds()[0].slice_of(1)->started_ns) << "on the race's clock";
}

TEST(CommandArmRace, AFailingCommandEndsTheRaceWithItsError) {
  int runs = 0;
  CommandRace c([&runs](const CommandRun&) -> Result<std::string> {
    if (++runs < 3) return prints("20.0\n");
    return std::unexpected(runtime_error("the command 'seed' exited with status 1"));
  });
  const PairedRounds r = c.race();
  EXPECT_EQ(r.stopped(), StopReason::failed);
  ASSERT_TRUE(r.failure(1));
  EXPECT_EQ(r.failure(1)->message, "the command 'seed' exited with status 1");
  EXPECT_EQ(c.commands.runs.size(), 3u);
}

}  // namespace
}  // namespace pipetop

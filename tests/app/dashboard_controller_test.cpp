// The dashboard's controller in-process, over a scripted pair: keys become changes the pair is asked
// for, what the pair reports builds the history and the messages, exports use the headline figure,
// and nothing waits for the pair (quitting during a restart returns at once).

#include "pipetop/app/dashboard_controller.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fake_pair_control.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kSec = 1'000'000'000;
constexpr std::int64_t kT0 = 1000 * kSec;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

RunConfig pinned() {
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  return c;
}

DashboardState pinned_state() {
  DashboardState state;
  state.config = pinned();
  state.separate = CpuPair{0, 1};
  return state;
}

struct Fixture {
  testing::FakePairControl pair{pinned()};
  std::vector<std::vector<Trial>> exported;
  std::vector<std::string> pictures;
  std::vector<std::string> boards;
  DashboardController controller{
      pair, pinned_state(), "Test CPU",
      DashboardExports{[this](const std::vector<Trial>& trials, const std::string& svg) -> Result<std::string> {
                         exported.push_back(trials);
                         pictures.push_back(svg);
                         return std::string("pipetop-test.{cmd,csv,json,svg}");
                       },
                       [this](const std::string& csv) -> Result<std::string> {
                         boards.push_back(csv);
                         return std::string("pipetop-test-leaderboard.csv");
                       }}};

  // The first pair runs from kT0: `seconds` of samples every 10 ms at `gib_per_s`.
  void run_first(double seconds, double gib_per_s) {
    pair.start(kT0, pinned(), "write/read");
    feed(kT0, seconds, gib_per_s, 0);
  }
  void feed(std::int64_t from_ns, double seconds, double gib_per_s, std::uint64_t bytes) {
    pair.sample(from_ns, bytes);
    for (std::int64_t t = 10 * kMs; t <= static_cast<std::int64_t>(seconds * 1e9); t += 10 * kMs) {
      bytes += static_cast<std::uint64_t>(gib_per_s * static_cast<double>(kGiB) / 100);
      pair.sample(from_ns + t, bytes);
    }
    controller.tick(from_ns + static_cast<std::int64_t>(seconds * 1e9));
  }
};

TEST(DashboardController, SaysItIsStartingBeforeTheFirstPairRuns) {
  Fixture f;
  f.controller.tick(kT0);
  const DashboardModel m = f.controller.model(kT0);
  EXPECT_TRUE(has(m.problem, "starting")) << m.problem;
  EXPECT_FALSE(m.live);
  EXPECT_EQ(f.pair.polls, 1);
}

TEST(DashboardController, AToggleAsksThePairAndTheNewSegmentComesWhenItRuns) {
  Fixture f;
  f.run_first(1.0, 2.0);
  ASSERT_TRUE(f.controller.press('b', kT0 + kSec));
  ASSERT_EQ(f.pair.changes.size(), 1U);
  EXPECT_TRUE(f.pair.changes[0].busy_loop);
  EXPECT_TRUE(f.controller.state().config.busy_loop);
  EXPECT_TRUE(has(f.controller.model(kT0 + kSec).message, "starting +busy")) << f.controller.model(kT0).message;
  EXPECT_EQ(f.controller.history().segments().size(), 1U) << "no segment before the new pair runs";
  RunConfig busy = pinned();
  busy.busy_loop = true;
  f.pair.start(kT0 + 2 * kSec, busy, "+busy");
  f.controller.tick(kT0 + 2 * kSec);
  ASSERT_EQ(f.controller.history().segments().size(), 2U);
  EXPECT_EQ(f.controller.history().segments()[1].label, "+busy");
  const DashboardModel m = f.controller.model(kT0 + 2 * kSec);
  EXPECT_EQ(m.message, "now: +busy");
  EXPECT_FALSE(m.message_is_error);
}

TEST(DashboardController, ARuleRefusalSaysWhyWithTheHintAndChangesNothing) {
  Fixture f;
  f.run_first(1.0, 2.0);
  f.pair.refuse_with = usage_error("--gift needs --writer vmsplice", "add --writer vmsplice");
  ASSERT_TRUE(f.controller.press('g', kT0 + kSec));
  const DashboardModel m = f.controller.model(kT0 + kSec);
  EXPECT_TRUE(m.message_is_error);
  EXPECT_EQ(m.message, "refused: --gift needs --writer vmsplice (add --writer vmsplice)");
  EXPECT_FALSE(f.controller.state().config.gift);
  EXPECT_EQ(m.key_echo, "g → refused") << "an audience reads the echo: it must not say the change was made";
}

TEST(DashboardController, AKernelRefusalComesBackAsAnEventAndThePreviousRunsAgain) {
  Fixture f;
  f.run_first(1.0, 2.0);
  ASSERT_TRUE(f.controller.press('m', kT0 + kSec));  // mlock: the kernel may refuse it (RLIMIT_MEMLOCK)
  ASSERT_TRUE(f.controller.state().config.lock_memory);
  RunConfig locked = pinned();
  locked.lock_memory = true;
  (void)f.pair.change(pinned());  // the pair goes back to the previous configuration...
  f.pair.report(ChangeRefused{kT0 + kSec, locked, "writer: mlock(4 MiB): Cannot allocate memory [ENOMEM]"});
  f.controller.tick(kT0 + kSec + 10 * kMs);  // ...and says why
  const DashboardModel m = f.controller.model(kT0 + kSec + 10 * kMs);
  EXPECT_TRUE(m.message_is_error);
  EXPECT_TRUE(has(m.message, "refused: writer: mlock(4 MiB)")) << m.message;
  EXPECT_FALSE(f.controller.state().config.lock_memory) << "the state follows what runs";
}

TEST(DashboardController, ExportGivesTheSegmentWithItsHeadlineFigure) {
  Fixture f;
  // A fast first 200 ms (the warm-up, left out of the headline), then 2 GiB/s.
  f.pair.start(kT0, pinned(), "write/read");
  f.feed(kT0, 0.2, 50.0, 0);
  const std::uint64_t after_warmup = static_cast<std::uint64_t>(50.0 * static_cast<double>(kGiB) / 100) * 20;
  f.feed(kT0 + 200 * kMs + 10 * kMs, 3.0, 2.0, after_warmup);
  ASSERT_TRUE(f.controller.press('x', kT0 + 4 * kSec));
  ASSERT_EQ(f.exported.size(), 1U);
  ASSERT_EQ(f.exported[0].size(), 1U);
  const Trial& trial = f.exported[0][0];
  const std::optional<double> headline = f.controller.history().current_segment_stats().mean;
  ASSERT_TRUE(headline.has_value());
  ASSERT_TRUE(trial.gib_per_s().has_value());
  EXPECT_DOUBLE_EQ(*trial.gib_per_s(), *headline) << "one definition of the segment's GiB/s";
  EXPECT_NEAR(*trial.gib_per_s(), 2.0, 0.05) << "the warm-up is not in it";
  EXPECT_EQ(trial.outcome.config(), pinned());
  EXPECT_EQ(f.controller.model(kT0 + 4 * kSec).message, "exported pipetop-test.{cmd,csv,json,svg}");
  ASSERT_EQ(f.pictures.size(), 1U);
  EXPECT_NE(f.pictures[0].find("<svg"), std::string::npos) << "the chart goes with the figures";
  EXPECT_NE(f.pictures[0].find("Test CPU"), std::string::npos) << "with the machine line";
}

TEST(DashboardController, WithTheLeaderboardOpenXExportsItAsCsv) {
  Fixture f;
  f.run_first(2.0, 3.0);
  ASSERT_TRUE(f.controller.press('L', kT0 + 2 * kSec));
  ASSERT_TRUE(f.controller.press('x', kT0 + 2 * kSec));
  EXPECT_TRUE(f.exported.empty());
  ASSERT_EQ(f.boards.size(), 1U);
  EXPECT_TRUE(f.boards[0].starts_with("mean_gib_per_s,bytes_to_pipe,")) << f.boards[0];
  EXPECT_NE(f.boards[0].find("write/read"), std::string::npos) << f.boards[0];
}

TEST(DashboardController, BPinsTheCurrentSegmentAsTheBaseline) {
  Fixture f;
  f.run_first(2.0, 3.0);
  EXPECT_FALSE(f.controller.baseline());
  ASSERT_TRUE(f.controller.press('B', kT0 + 2 * kSec));
  ASSERT_TRUE(f.controller.baseline());
  EXPECT_NEAR(f.controller.baseline()->gib_per_s, 3.0, 0.05);
  EXPECT_NE(f.controller.model(kT0 + 2 * kSec).baseline, nullptr);
  EXPECT_NE(f.controller.model(kT0 + 2 * kSec).key_echo.find("B → "), std::string::npos);
}

TEST(DashboardController, ExportBeforeAnySampleSaysSo) {
  Fixture f;
  f.pair.start(kT0, pinned(), "write/read");
  f.controller.tick(kT0);
  ASSERT_TRUE(f.controller.press('x', kT0));
  EXPECT_TRUE(f.exported.empty());
  EXPECT_EQ(f.controller.model(kT0).message, "export: no samples in this segment yet");
}

TEST(DashboardController, ExportWithTheUsersProgramAtOneEndSaysWhyNot) {
  testing::FakePairControl pair{pinned()};
  DashboardState state = pinned_state();
  state.ends = EndsKind::stdin_reader;
  int exports = 0;
  DashboardController controller{
      pair, state, "Test CPU",
      DashboardExports{[&exports](const std::vector<Trial>&, const std::string&) {
                         ++exports;
                         return Result<std::string>(std::string("x"));
                       },
                       [](const std::string&) { return Result<std::string>(std::string()); }}};
  pair.start(kT0, pinned(), "from stdin");
  controller.tick(kT0);
  ASSERT_TRUE(controller.press('x', kT0));
  EXPECT_EQ(exports, 0);
  EXPECT_TRUE(has(controller.model(kT0).message, "one end here is your program")) << controller.model(kT0).message;
}

TEST(DashboardController, QuitDuringARestartReturnsAtOnce) {
  Fixture f;
  f.run_first(1.0, 2.0);
  ASSERT_TRUE(f.controller.press('v', kT0 + kSec));
  ASSERT_EQ(f.pair.phase(), PairPhase::starting);
  const int polls = f.pair.polls;
  EXPECT_FALSE(f.controller.press('q', kT0 + kSec));
  EXPECT_EQ(f.pair.polls, polls) << "quitting does not wait on the pair";
  EXPECT_FALSE(f.controller.press('Q', kT0 + kSec));
}

TEST(DashboardController, KeysKeepWorkingWhileAChangeStarts) {
  Fixture f;
  f.run_first(1.0, 2.0);
  ASSERT_TRUE(f.controller.press('v', kT0 + kSec));
  ASSERT_TRUE(f.controller.press('?', kT0 + kSec));
  EXPECT_TRUE(f.controller.state().help);
  ASSERT_TRUE(f.controller.press('b', kT0 + kSec));  // a second change before the first ran
  ASSERT_EQ(f.pair.changes.size(), 2U);
  EXPECT_EQ(f.pair.changes[1].writer, WriterKind::vmsplice);
  EXPECT_TRUE(f.pair.changes[1].busy_loop);
}

TEST(DashboardController, ADeadPairIsSaidAndRStartsItAgain) {
  Fixture f;
  f.run_first(1.0, 2.0);
  ASSERT_TRUE(f.controller.model(kT0 + kSec).live);
  f.pair.report(PairProblem{kT0 + kSec, "reader was killed by signal 9 (Killed)"});
  f.pair.set_phase(PairPhase::stopped);
  f.controller.tick(kT0 + kSec);
  const DashboardModel m = f.controller.model(kT0 + kSec);
  EXPECT_FALSE(m.live) << "no stale rate shown as now";
  EXPECT_TRUE(has(m.problem, "reader was killed by signal 9 (Killed)")) << m.problem;
  EXPECT_TRUE(has(m.problem, "r or any toggle starts them again")) << m.problem;
  ASSERT_TRUE(f.controller.press('r', kT0 + 2 * kSec));
  ASSERT_EQ(f.pair.changes.size(), 1U);
  EXPECT_EQ(f.pair.changes[0], pinned()) << "the same configuration, again";
}

// Under --pairs N the segment is N pairs' total, which the files (one pair's command and seed row)
// cannot rerun: x refuses as `run --pairs --export` does, and writes nothing.
TEST(DashboardController, ExportUnderPairsIsRefusedAsRunRefusesIt) {
  Fixture f;
  f.pair.figures = {PairFigure{{0, 1}, 1.0, true}, PairFigure{{0, 1}, 1.0, true}};
  f.run_first(3.0, 2.0);
  ASSERT_TRUE(f.controller.press('x', kT0 + 4 * kSec));
  EXPECT_TRUE(f.exported.empty());
  const DashboardModel m = f.controller.model(kT0 + 4 * kSec);
  EXPECT_TRUE(m.message_is_error);
  EXPECT_TRUE(has(m.message, "--export does not go with --pairs: the exported commands and row are one pair's"))
      << m.message;
}

TEST(DashboardController, ResetWhileRunningKeepsThePair) {
  Fixture f;
  f.run_first(2.0, 2.0);
  ASSERT_TRUE(f.controller.press('r', kT0 + 2 * kSec));
  EXPECT_TRUE(f.pair.changes.empty());
  EXPECT_TRUE(f.controller.history().rates().empty());
}

TEST(DashboardController, SpaceFreezesTheWholeDisplay) {
  Fixture f;
  f.run_first(1.0, 2.0);
  ASSERT_TRUE(f.controller.press(' ', kT0 + kSec));
  const std::int64_t frozen_at = f.controller.model(kT0 + kSec).now_ns;
  const std::optional<double> frozen_mean = f.controller.model(kT0 + kSec).history.current_segment_stats().mean;
  f.feed(kT0 + kSec + 10 * kMs, 1.0, 8.0, f.controller.history().current().throughput().bytes());
  const DashboardModel frozen = f.controller.model(kT0 + 2 * kSec);
  EXPECT_EQ(frozen.now_ns, frozen_at);
  EXPECT_EQ(frozen.history.current_segment_stats().mean, frozen_mean) << "the statistics freeze too";
  ASSERT_TRUE(f.controller.press(' ', kT0 + 2 * kSec));
  const DashboardModel live = f.controller.model(kT0 + 2 * kSec);
  EXPECT_GT(live.now_ns, frozen_at);
  EXPECT_GT(*live.history.current_segment_stats().mean, *frozen_mean) << "and catch up when unfrozen";
}

}  // namespace
}  // namespace pipetop

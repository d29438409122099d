// The guided tour and a replay in a real terminal: the tour reaches every step with its caption and
// ends on the summary; space pauses it and the arrows move between steps; a recorded `run` replays in
// the dashboard, with its figure, to its end.

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "tmux/tmux_gtest.hpp"
#include "tmux/tmux_session.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using tmux_testing::SessionOptions;
using tmux_testing::shown;
using tmux_testing::TmuxSession;

std::unique_ptr<TmuxSession> open(std::vector<std::string> args, int width = 120, int height = 40) {
  SessionOptions options;
  options.width = width;
  options.height = height;
  options.args = std::move(args);
  auto session = std::make_unique<TmuxSession>(std::move(options));
  EXPECT_EQ(session->start_error(), "");
  return session;
}

// Each step's heading and the start of its caption, in the ladder's order.
struct Step {
  const char* heading;
  const char* caption;
};
constexpr Step kSteps[] = {
    {"step 1/6 · write/read", "The starting point"},     {"step 2/6 · +vmsplice", "vmsplice() hands the pipe"},
    {"step 3/6 · +splice", "splice() moves those page"}, {"step 4/6 · +huge pages", "huge"},
    {"step 5/6 · +busy loop", "Neither side sleeps"},    {"step 6/6 · buffer 1 MiB", "A buffer of 1 MiB"},
};

TEST(Tour, ReachesEveryStepWithItsCaptionAndEndsOnTheSummary) {
  SKIP_WITHOUT_TMUX();
  const auto s = open({"tour", "--step", "2s"});
  for (const Step& step : kSteps) {
    const tmux_testing::Waited at = s->wait_for_text(step.heading, 30s);
    ASSERT_TRUE(shown(at));
    EXPECT_TRUE(shown(s->wait_for_text(step.caption, 10s))) << step.heading;
  }
  const tmux_testing::Waited summary = s->wait_for_text("the tour: what this machine did", 30s);
  ASSERT_TRUE(shown(summary));
  EXPECT_TRUE(shown(s->wait_for_text("62.5")));  // the article's figure beside ours
  EXPECT_TRUE(shown(s->wait_for_text("+busy loop")));
  s->send_key("q");
  EXPECT_EQ(s->wait_for_exit(15s), 0);
}

TEST(Tour, SpacePausesAndTheArrowsMoveBetweenSteps) {
  SKIP_WITHOUT_TMUX();
  const auto s = open({"tour", "--step", "60s"});
  ASSERT_TRUE(shown(s->wait_for_text("step 1/6 · write/read", 20s)));
  s->send_key("Space");
  ASSERT_TRUE(shown(s->wait_for_text("step 1/6 · write/read · paused")));
  EXPECT_TRUE(shown(s->wait_for_text("space → paused")));  // the key echo, for the audience
  s->send_key("Right");
  ASSERT_TRUE(shown(s->wait_for_text("step 2/6 · +vmsplice", 20s)));
  EXPECT_TRUE(shown(s->wait_for_text("vmsplice() hands the pipe", 20s)));
  s->send_key("Right");
  ASSERT_TRUE(shown(s->wait_for_text("step 3/6 · +splice", 20s)));
  s->send_key("Left");
  ASSERT_TRUE(shown(s->wait_for_text("step 2/6 · +vmsplice", 20s)));
  s->send_key("5");
  ASSERT_TRUE(shown(s->wait_for_text("step 5/6 · +busy loop", 20s)));
  s->send_key("q");
  EXPECT_EQ(s->wait_for_exit(15s), 0);
}

TEST(Replay, ARecordedRunReplaysInTheDashboardToItsEnd) {
  SKIP_WITHOUT_TMUX();
  char dir_template[] = "/tmp/pipetop-replay-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  const std::string file = dir + "/run.jsonl";
  const tmux_testing::Output recorded = tmux_testing::run_command(
      {PIPETOP_BINARY, "run", "--duration", "2s", "--quiet", "--writer", "vmsplice", "--record", file});
  ASSERT_EQ(recorded.status, 0) << recorded.text;

  const auto s = open({"replay", file, "--speed", "2"}, 100, 30);
  ASSERT_TRUE(shown(s->wait_for_text("REPLAY", 15s)));
  const std::string screen = s->capture();
  EXPECT_NE(screen.find("writer vmsplice"), std::string::npos) << screen;
  EXPECT_NE(screen.find("recorded run"), std::string::npos) << screen;
  ASSERT_TRUE(shown(s->wait_for_text("replay ended", 20s)));
  EXPECT_TRUE(shown(s->wait_for_text("since vmsplice/read"))) << "the run's one segment and its mean";
  s->send_key("b");  // a recording's configuration is what it was: no restart, no workers
  EXPECT_TRUE(shown(s->wait_for_text("writer vmsplice")));
  s->send_key("q");
  EXPECT_EQ(s->wait_for_exit(15s), 0);
  std::remove(file.c_str());
  rmdir(dir.c_str());
}

}  // namespace
}  // namespace pipetop

// A replay in-process: a synthetic session recorded to JSON Lines, read back, and played through the
// dashboard's controller (ReplayPair in place of the live pair) at scripted times, each frame drawn on
// the in-memory canvas. The same file gives the same frames; pause holds the replay; the number keys
// and the arrows seek between segments; the keys that would change the configuration do nothing.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/app/dashboard_loop.hpp"
#include "pipetop/app/replay_pair.hpp"
#include "pipetop/core/screen/leaderboard.hpp"
#include "pipetop/core/stage/recording.hpp"
#include "pipetop/ui/text_canvas.hpp"
#include "pipetop/ui/widgets.hpp"
#include "synthetic_session.hpp"

namespace pipetop {
namespace {

using namespace synthetic;

constexpr std::int64_t kWall = 500 * kSec;  // the replay's wall clock starts here

// write/read at 2 GiB/s for 4 s, then +vmsplice at 9 GiB/s for 4 s, as a recording's text.
std::string recorded_session() {
  History history;
  std::vector<SessionEvent> events;
  SyntheticRun run(history, &events);
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  run.begin(kSec, c);
  run.run(4 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(4 * kSec, 9.0);
  MachineFacts facts;
  facts.cpu_model = "Recorded CPU";
  std::string text = recording_header(facts, "dashboard");
  for (const SessionEvent& e : events) text += recording_event(e);
  return text + recording_summary(leaderboard(history), nullptr);
}

struct Replay {
  explicit Replay(const std::string& text, double speed = 1.0)
      : recording(read_recording(text).value()),
        pair(recording.events, speed, kWall),
        controller(pair, view_state(first_config(), {}, DashboardMode::replay), recording.machine, {}) {
    controller.attach_playback(pair);
  }

  RunConfig first_config() const { return std::get<SegmentStart>(recording.events.front()).config; }

  // The screen at `now_ns` (after taking in what the recording says happened by then).
  std::string frame(std::int64_t now_ns, int width = 100, int height = 30) {
    controller.tick(now_ns);
    TextCanvas canvas(width, height);
    (void)draw_dashboard(canvas, controller.model(now_ns));
    return canvas.dump();
  }

  Recording recording;
  ReplayPair pair;
  DashboardController controller;
};

bool has(const std::string& screen, std::string_view text) {
  return screen.find(text) != std::string::npos;
}

TEST(Replay, TheSameFileGivesTheSameFrames) {
  const std::string text = recorded_session();
  std::vector<std::string> first;
  std::vector<std::string> second;
  for (std::vector<std::string>* frames : {&first, &second}) {
    Replay replay(text);
    for (std::int64_t t = kWall; t <= kWall + 10 * kSec; t += 250 * kMs) frames->push_back(replay.frame(t));
  }
  ASSERT_EQ(first.size(), second.size());
  for (std::size_t i = 0; i < first.size(); ++i) ASSERT_EQ(first[i], second[i]) << "frame " << i;
  // And the frames are the session's: the header says replay, the second segment's marker and mean.
  EXPECT_TRUE(has(first.back(), "REPLAY")) << first.back();
  EXPECT_TRUE(has(first.back(), "+vmsplice")) << first.back();
  EXPECT_TRUE(has(first.back(), "Recorded CPU")) << first.back();
  EXPECT_FALSE(has(first.front(), "+vmsplice")) << "nothing of the second segment before its time\n" << first.front();
}

TEST(Replay, EventsComeAtTheRecordedPaceOrFaster) {
  const std::string text = recorded_session();
  Replay real(text);
  real.frame(kWall + 2 * kSec);
  EXPECT_EQ(real.controller.history().segments().size(), 1U);  // the change came at 5 s
  Replay fast(text, 4.0);
  fast.frame(kWall + 2 * kSec);  // 8 s of the recording
  EXPECT_EQ(fast.controller.history().segments().size(), 2U);
}

TEST(Replay, SpacePausesAndTheNumberKeysSeek) {
  const std::string text = recorded_session();
  Replay replay(text);
  replay.frame(kWall + 2 * kSec);
  ASSERT_TRUE(replay.controller.press(' ', kWall + 2 * kSec));
  replay.frame(kWall + 8 * kSec);
  EXPECT_EQ(replay.controller.history().segments().size(), 1U) << "paused: the recording's clock stands";
  ASSERT_TRUE(replay.controller.press(' ', kWall + 8 * kSec));
  replay.frame(kWall + 12 * kSec);
  EXPECT_EQ(replay.controller.history().segments().size(), 2U);

  ASSERT_TRUE(replay.controller.press('1', kWall + 12 * kSec));  // back to the first segment's start
  replay.frame(kWall + 12 * kSec + kMs);
  EXPECT_EQ(replay.controller.history().segments().size(), 1U);
  ASSERT_TRUE(replay.controller.press(kKeyRight, kWall + 13 * kSec));  // on to the next segment
  replay.frame(kWall + 13 * kSec + kMs);
  EXPECT_EQ(replay.controller.history().segments().size(), 2U);
}

TEST(Replay, KeysThatWouldChangeTheConfigurationDoNothing) {
  const std::string text = recorded_session();
  Replay replay(text);
  replay.frame(kWall + kSec);
  const RunConfig before = replay.controller.state().config;
  for (const int key : {'b', 'v', 's', '+', ']'}) ASSERT_TRUE(replay.controller.press(key, kWall + kSec));
  EXPECT_EQ(replay.controller.state().config, before);
  replay.frame(kWall + 2 * kSec);
  EXPECT_EQ(replay.controller.history().segments().size(), 1U);
}

}  // namespace
}  // namespace pipetop

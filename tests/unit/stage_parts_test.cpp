// The parts a speaker uses beside the chart: the leaderboard (every configuration tried, fastest
// first, and its CSV), baselines (pinned from a segment, read from a recording) and the key echo.

#include <gtest/gtest.h>

#include "pipetop/core/figures/baseline.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "pipetop/core/screen/leaderboard.hpp"
#include "pipetop/core/stage/key_echo.hpp"
#include "pipetop/core/stage/recording.hpp"
#include "synthetic_session.hpp"

namespace pipetop {
namespace {

using namespace synthetic;

// write/read at 2 GiB/s, +vmsplice at 9, +splice at 5 (still running).
void three_segments(History& history, std::vector<SessionEvent>* events = nullptr) {
  SyntheticRun run(history, events);
  RunConfig c;
  run.begin(kSec, c);
  run.run(3 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(3 * kSec, 9.0);
  c.reader = ReaderKind::splice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(3 * kSec, 5.0);
}

TEST(Leaderboard, FastestFirstWithTheCurrentMarked) {
  History history;
  three_segments(history);
  const std::vector<LeaderboardRow> rows = leaderboard(history);
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[0].label, "+vmsplice");
  EXPECT_EQ(rows[1].label, "+splice");
  EXPECT_EQ(rows[2].label, "write/read");
  EXPECT_EQ(rows[0].segment, 1U);
  EXPECT_TRUE(rows[1].current);
  EXPECT_FALSE(rows[0].current);
  EXPECT_NEAR(*rows[0].stats.mean, 9.0, 0.05);
  EXPECT_NEAR(*rows[0].stats.speedup, 4.5, 0.05);
}

TEST(Leaderboard, CsvHasTheSeedsColumnsThenTheStatistics) {
  History history;
  three_segments(history);
  const std::string csv = leaderboard_csv(leaderboard(history));
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_TRUE(header.ends_with(kLeaderboardCsvColumns)) << header;
  EXPECT_TRUE(header.starts_with("mean_gib_per_s,bytes_to_pipe,")) << header;
  std::size_t lines = 0;
  for (const char ch : csv) lines += ch == '\n' ? 1 : 0;
  EXPECT_EQ(lines, 4U);
  const std::string first = csv.substr(header.size() + 1, csv.find('\n', header.size() + 1) - header.size() - 1);
  EXPECT_NE(first.find(",1,+vmsplice,"), std::string::npos) << first;  // rank 1, then the label
}

TEST(Baseline, PinnedFromTheCurrentSegmentAndMeasuredAgainst) {
  History history;
  EXPECT_FALSE(pin_baseline(history));
  three_segments(history);
  const std::optional<Baseline> b = pin_baseline(history);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->label, "+splice");
  EXPECT_NEAR(b->gib_per_s, 5.0, 0.05);
  SegmentStats stats;
  stats.mean = 10.0;
  EXPECT_NEAR(*against_baseline(stats, *b), 2.0, 0.05);
  EXPECT_FALSE(against_baseline(SegmentStats{}, *b));
}

TEST(Baseline, ReadFromARecordingsLastMeasuredConfiguration) {
  History history;
  std::vector<SessionEvent> events;
  three_segments(history, &events);
  std::string text = recording_header(MachineFacts{}, "dashboard");
  for (const SessionEvent& e : events) text += recording_event(e);
  const Result<Baseline> b = recorded_baseline(read_recording(text).value(), "good.jsonl");
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(b->label, "good.jsonl");
  EXPECT_EQ(b->config.reader, ReaderKind::splice);
  EXPECT_NEAR(b->gib_per_s, 5.0, 0.05);

  const Result<Baseline> none = recorded_baseline(Recording{}, "empty.jsonl");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().kind, ExitCode::usage);
  EXPECT_NE(none.error().message.find("empty.jsonl has no configuration"), std::string::npos);
}

TEST(KeyEcho, SaysWhatTheKeyDidInWords) {
  const auto echo = [](int key) {
    DashboardState before;
    DashboardState after = before;
    const KeyBinding* k = find_key(key);
    EXPECT_NE(k, nullptr);
    (void)press(*k, after);
    return key_echo(*k, key, before, after);
  };
  EXPECT_EQ(echo('b'), "b → busy loop on");
  EXPECT_EQ(echo('v'), "v → writer vmsplice");
  EXPECT_EQ(echo('l'), "l → log axis");
  EXPECT_EQ(echo(' '), "space → paused");
  EXPECT_EQ(echo('z'), "z → chart + readout");
  EXPECT_EQ(echo('3'), "3 → ladder step 3");
  EXPECT_EQ(echo(kKeyRight), "→ → next step");
  EXPECT_EQ(key_name(kKeyLeft), "←");
}

}  // namespace
}  // namespace pipetop

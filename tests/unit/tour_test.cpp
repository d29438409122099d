// The guided tour's pure parts: the ladder's steps, captions that quote the figures measured (and
// say so honestly when a step gained nothing), and the summary beside the article's figures.

#include "pipetop/core/stage/tour.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "synthetic_session.hpp"

namespace pipetop {
namespace {

using namespace synthetic;

bool has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

TEST(TourSteps, TheArticlesLadderThenALargerBufferOrTheTunedBest) {
  RunConfig base;
  base.writer_cpu = 2;
  base.reader_cpu = 3;
  base.busy_loop = true;  // the tour starts from plain write/read, whatever the command line said
  const std::vector<TourStep> steps = tour_steps(base);
  ASSERT_EQ(steps.size(), 6U);
  const std::vector<std::string> names{"write/read",  "+vmsplice",  "+splice",
                                       "+huge pages", "+busy loop", "buffer 1 MiB"};
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].name, names[i]);
    EXPECT_EQ(steps[i].config.writer_cpu, 2);
    if (i < kArticleGiBPerS.size()) {
      EXPECT_EQ(steps[i].article_gib_per_s, kArticleGiBPerS[i]);
    }
  }
  EXPECT_FALSE(steps[0].config.busy_loop);
  EXPECT_EQ(steps[1].config.writer, WriterKind::vmsplice);
  EXPECT_EQ(steps[1].config.reader, ReaderKind::read);
  EXPECT_EQ(steps[2].config.reader, ReaderKind::splice);
  EXPECT_TRUE(steps[3].config.huge_pages);
  EXPECT_FALSE(steps[3].config.busy_loop);
  EXPECT_TRUE(steps[4].config.busy_loop);
  EXPECT_EQ(steps[5].config.buffer_bytes, kTourLargerBuffer);
  EXPECT_FALSE(steps[5].article_gib_per_s);

  RunConfig tuned = steps[4].config;
  tuned.buffer_bytes = 4 * 1024 * 1024;
  tuned.writer_cpu = 7;
  const std::vector<TourStep> with_tuned = tour_steps(base, tuned);
  EXPECT_EQ(with_tuned.back().name, "tuned best");
  EXPECT_EQ(with_tuned.back().config.buffer_bytes, 4U * 1024 * 1024);
  EXPECT_EQ(with_tuned.back().config.writer_cpu, 2);  // this machine's pinning
  EXPECT_EQ(step_of(steps, steps[3].config), 3U);
  RunConfig other_cpu = steps[2].config;
  other_cpu.reader_cpu = 9;
  EXPECT_EQ(step_of(steps, other_cpu), 2U);
  RunConfig gift = steps[2].config;
  gift.gift = true;
  EXPECT_EQ(step_of(steps, gift), std::nullopt);
}

TEST(TourCaption, QuotesTheFiguresMeasuredAndTheSpeedUp) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  TourFigures before;
  before.gib_per_s = 8.0;
  before.switches_per_s = 26347;
  TourFigures now;
  now.gib_per_s = 32.8;
  now.switches_per_s = 40.3;
  now.eagain_share = 0.9;
  const std::string busy = tour_caption(steps[4], now, before);
  EXPECT_TRUE(has(busy, "context switches fell from 26,000/s to 40/s")) << busy;
  EXPECT_TRUE(has(busy, "90% of the calls spin")) << busy;
  EXPECT_TRUE(has(busy, "×4.1 over the last step (8.00 → 32.8 GiB/s)")) << busy;

  TourFigures same = before;
  same.gib_per_s = 8.2;
  EXPECT_TRUE(has(tour_caption(steps[1], same, before), "About the same as the last step"))
      << tour_caption(steps[1], same, before);
  TourFigures slower = before;
  slower.gib_per_s = 4.0;
  EXPECT_TRUE(has(tour_caption(steps[1], slower, before), "Slower than the last step here: ×0.5"));
  EXPECT_TRUE(has(tour_caption(steps[0], TourFigures{}, std::nullopt), "The starting point"));
  EXPECT_TRUE(has(tour_caption(steps[2], TourFigures{}, before), "Measuring"));
}

// In the dashboard's tour a step races the one before in alternating rounds: its speed-up is the
// median of the rounds' ratios, with the interval once there is one, and a verdict only where the
// interval excludes no change; the means of the two steps are not divided any more.
TEST(TourCaption, ARacedStepQuotesItsPairedRatioAndInterval) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  TourFigures before;
  before.gib_per_s = 8.0;
  TourFigures now;
  now.gib_per_s = 40.0;  // a lucky slice: the race, not the means, gives the speed-up
  StepRace race;         // started, no round yet: the means, and that the race is on
  EXPECT_TRUE(has(tour_caption(steps[2], now, before, race),
                  "×5.0 over the last step (8.00 → 40.0 GiB/s). Now racing it against the last step"))
      << tour_caption(steps[2], now, before, race);
  race.ended = true;  // tour --no-ui, on a busy machine: every round dropped
  race.ratio.dropped = 4;
  EXPECT_TRUE(has(tour_caption(steps[2], now, before, race),
                  "×5.0 over the last step (8.00 → 40.0 GiB/s). Its race against the last step kept no round (4 "
                  "dropped: a worker waited for its CPU)."))
      << tour_caption(steps[2], now, before, race);
  race.ended = false;
  race.ratio.dropped = 0;

  race.ratio.rounds = 3;
  race.ratio.median = 3.1;
  race.last_gib_per_s = 8.0;
  race.here_gib_per_s = 24.8;
  std::string text = tour_caption(steps[2], now, before, race);
  EXPECT_TRUE(has(text, "×3.1 over the last step so far (8.00 → 24.8 GiB/s, 3 paired rounds).")) << text;
  EXPECT_FALSE(has(text, "×5.0")) << text;
  race.ended = true;  // tour --no-ui: the race is over when the caption is printed
  text = tour_caption(steps[2], now, before, race);
  EXPECT_TRUE(has(text, "×3.1 over the last step (8.00 → 24.8 GiB/s, 3 paired rounds, too few for a 95% interval)."))
      << text;
  race.ended = false;

  race.ratio.rounds = 8;
  race.ratio.interval = MedianInterval{3.1, 2.9, 3.3, 0.99, 1};
  text = tour_caption(steps[4], now, before, race);
  EXPECT_TRUE(has(text, "×3.1 over the last step (8.00 → 24.8 GiB/s, 95% CI 2.90–3.30, 8 paired rounds).")) << text;

  race.ratio.median = 1.02;
  race.ratio.interval = MedianInterval{1.02, 0.97, 1.08, 0.99, 1};
  text = tour_caption(steps[3], now, before, race);
  EXPECT_TRUE(has(text, "No difference from the last step shown here: ×1.02 (")) << text;

  race.ratio.median = 0.8;
  race.ratio.interval = MedianInterval{0.8, 0.75, 0.86, 0.99, 1};
  text = tour_caption(steps[1], now, before, race);
  EXPECT_TRUE(has(text, "Slower than the last step here: ×0.80 (")) << text;
  EXPECT_TRUE(has(tour_caption(steps[0], now, std::nullopt, race), "The starting point")) << "the first races nothing";
}

// Step 5 said "Neither side sleeps any more: context switches went from 5,900/s to 12,000/s": the
// busy loop ends the sleeping (voluntary switches) while the scheduler preempts the spinners
// (involuntary ones). Each is quoted for what it is, and no claim contradicts the figures.
TEST(TourCaption, TheBusyLoopStepSaysWhatTheSwitchesDid) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  TourFigures before;
  before.gib_per_s = 8.0;
  before.sleeps_per_s = 5900;
  before.preemptions_per_s = 20;
  TourFigures now;
  now.gib_per_s = 12.0;
  now.sleeps_per_s = 12;
  now.preemptions_per_s = 12000;
  std::string busy = tour_caption(steps[4], now, before);
  EXPECT_TRUE(
      has(busy, "Neither side sleeps on the pipe any more: voluntary context switches fell from 5,900/s to 12/s"))
      << busy;
  EXPECT_TRUE(has(busy, "involuntary switches went from 20/s to 12,000/s")) << busy;

  now.sleeps_per_s = 7000;
  busy = tour_caption(steps[4], now, before);
  EXPECT_FALSE(has(busy, "Neither side sleeps")) << busy;
  EXPECT_TRUE(has(busy, "yet voluntary context switches went from 5,900/s to 7,000/s")) << busy;

  TourFigures replayed_before;  // counters only: the total
  replayed_before.switches_per_s = 100;
  TourFigures replayed;
  replayed.switches_per_s = 9000;
  busy = tour_caption(steps[4], replayed, replayed_before);
  EXPECT_FALSE(has(busy, "Neither side sleeps")) << busy;
  EXPECT_TRUE(has(busy, "yet context switches went from 100/s to 9,000/s")) << busy;
}

TEST(TourCaption, HugePagesNotObtainedIsSaid) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  TourFigures now;
  now.gib_per_s = 5;
  now.huge_pages_detail = "THP disabled (never)";
  const std::string text = tour_caption(steps[3], now, std::nullopt);
  EXPECT_TRUE(has(text, "not obtained here (THP disabled (never))")) << text;
}

TEST(TourFigures, FromTheCurrentSegmentOfAHistory) {
  History history;
  SyntheticRun run(history);
  run.begin(kSec, RunConfig{});
  run.set_switches(3000, 3000);
  run.run(3 * kSec, 4.0);
  const TourFigures f = tour_figures(history);
  ASSERT_TRUE(f.gib_per_s);
  EXPECT_NEAR(*f.gib_per_s, 4.0, 0.05);
  ASSERT_TRUE(f.switches_per_s);
  EXPECT_NEAR(*f.switches_per_s, 6000, 100);
}

// Each step of `steps` measured at 1, 2, 5, 5, 10 and 12 GiB/s.
std::vector<std::optional<TourFigures>> ladder_measured(const std::vector<TourStep>& steps) {
  std::vector<std::optional<TourFigures>> measured(steps.size());
  const double gibs[] = {1.0, 2.0, 5.0, 5.0, 10.0, 12.0};
  for (std::size_t i = 0; i < steps.size() && i < std::size(gibs); ++i) {
    measured[i] = TourFigures{};
    measured[i]->gib_per_s = gibs[i];
  }
  return measured;
}

TEST(TourSummary, EveryStepBesideTheArticle) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  std::vector<std::optional<TourFigures>> measured = ladder_measured(steps);
  measured[3].reset();  // a step that did not run
  const std::vector<std::string> lines = tour_summary(steps, measured);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  EXPECT_TRUE(has(all, "article")) << all;
  EXPECT_TRUE(has(all, "62.5")) << all;
  EXPECT_TRUE(has(all, "×2.5")) << all;  // splice over vmsplice
  EXPECT_TRUE(has(all, "×12")) << all;   // the last over the first
  EXPECT_TRUE(has(all, "×18")) << all;   // the article's climb
  for (const TourStep& s : steps) EXPECT_TRUE(has(all, s.name)) << s.name;
  EXPECT_FALSE(has(all, "95% CI")) << "no race, no interval column";
}

TEST(TourSummary, ARacedStepsColumnIsItsPairedRatioWithItsInterval) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  std::vector<std::optional<TourFigures>> measured = ladder_measured(steps);
  std::vector<std::optional<StepRace>> races(steps.size());
  races[2] = StepRace{};
  races[2]->ratio.rounds = 9;
  races[2]->ratio.median = 2.2;  // the paired ratio, where the means gave 2.5
  races[2]->ratio.interval = MedianInterval{2.2, 2.05, 2.31, 0.98, 2};
  const std::vector<std::string> lines = tour_summary(steps, measured, races);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  EXPECT_TRUE(has(all, "95% CI")) << all;
  std::string splice_row;
  for (const std::string& l : lines) {
    if (has(l, steps[2].name + " ")) splice_row = l;
  }
  EXPECT_TRUE(has(splice_row, "×2.2")) << all;
  EXPECT_TRUE(has(splice_row, "2.05–2.31")) << all;
  EXPECT_FALSE(has(splice_row, "×2.5")) << all;
  EXPECT_TRUE(has(all, "median of its rounds against the step before")) << all;
}

// An 8 s step races three or four rounds on our VMs: the ratio so far, no interval, and no column of
// blanks for it; the note says what gives one.
TEST(TourSummary, RacesTooShortForAnIntervalShowTheirRatioAndSayWhatGivesOne) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  std::vector<std::optional<StepRace>> races(steps.size());
  races[2] = StepRace{};
  races[2]->ratio.rounds = 3;
  races[2]->ratio.median = 2.2;
  const std::vector<std::string> lines = tour_summary(steps, ladder_measured(steps), races);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  EXPECT_FALSE(has(all, "95% CI")) << all;
  EXPECT_TRUE(has(all, "×2.2")) << all;
  EXPECT_TRUE(has(all, "none held the 6 rounds an interval needs (--step 12s does)")) << all;
  EXPECT_FALSE(has(all, "kept no round")) << all;
  for (const std::string& l : lines) {  // as wide as the summary's other lines, in characters
    EXPECT_LE(std::ranges::count_if(l, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }), 96) << l;
  }
}

// tour --no-ui on a busy machine: a race whose every round was dropped is said, and its step's
// column is the means' ratio.
TEST(TourSummary, ARaceThatKeptNoRoundIsSaid) {
  const std::vector<TourStep> steps = tour_steps(RunConfig{});
  std::vector<std::optional<StepRace>> races(steps.size());
  races[3] = StepRace{};
  races[3]->ratio.dropped = 2;
  races[3]->ended = true;
  std::string all;
  for (const std::string& l : tour_summary(steps, ladder_measured(steps), races)) all += l + "\n";
  EXPECT_TRUE(has(all, "A race that kept no round (each dropped: a worker waited for its CPU")) << all;
  EXPECT_FALSE(has(all, "A raced step's speed-up")) << all;
}

}  // namespace
}  // namespace pipetop

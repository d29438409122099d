// What History keeps of the profile events, the /proc readings and the reader's looks at the pipe:
// a profile per worker and segment (the current one whole, ended ones as summaries), the segment's
// time shares and pipe fill, all from events alone.

#include <gtest/gtest.h>

#include <vector>

#include "pipetop/core/screen/history.hpp"
#include "profile_fixture.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSec = 1'000'000'000;
constexpr std::uint64_t kPipe = 64 * 1024;

SegmentStart segment(std::int64_t t_ns, std::string label) {
  return SegmentStart{t_ns, RunConfig{}, std::move(label), {}, {}, kPipe, {}};
}

ProfileStarted started(WorkerRole role, ProfileMode mode = ProfileMode::kernel_and_user, std::string reason = "") {
  return ProfileStarted{0, role, {"cpu-clock", mode, std::move(reason), 1000}};
}

// Every sample of a captured profile, as one batch.
ProfileBatch batch_of(WorkerRole role, const std::string& fixture, std::uint64_t lost = 0) {
  ProfileBatch batch{0, role, {}, lost};
  for (const testing::FoldedStack& stack : testing::parse_folded(testing::profile_fixture_text(fixture))) {
    for (std::uint64_t i = 0; i < stack.count; ++i) batch.samples.push_back(stack.sample);
  }
  return batch;
}

TEST(HistoryProfile, BatchesFillTheCurrentSegmentsProfileOfEachWorker) {
  History h;
  h.apply(segment(0, "write/read"));
  EXPECT_FALSE(h.profile(WorkerRole::writer));
  h.apply(started(WorkerRole::writer));
  h.apply(started(WorkerRole::reader, ProfileMode::user_only, "user space only: because"));
  h.apply(batch_of(WorkerRole::writer, "blocking-write-read.writer", 3));
  h.apply(batch_of(WorkerRole::reader, "blocking-write-read.reader"));
  const std::optional<WorkerProfile>& writer = h.profile(WorkerRole::writer);
  ASSERT_TRUE(writer);
  EXPECT_EQ(writer->tally.samples(), 400U);
  EXPECT_EQ(writer->tally.lost(), 3U);
  EXPECT_EQ(writer->source.event, "cpu-clock");
  const double expected =
      testing::share_of(testing::tally_fixture("blocking-write-read.writer"), ProfileCategory::wait_wake);
  EXPECT_DOUBLE_EQ(testing::share_of(writer->tally, ProfileCategory::wait_wake), expected);
  ASSERT_TRUE(h.profile(WorkerRole::reader));
  EXPECT_EQ(h.profile(WorkerRole::reader)->source.mode, ProfileMode::user_only);
  EXPECT_EQ(h.profile(WorkerRole::reader)->source.reason, "user space only: because");
}

TEST(HistoryProfile, EachSegmentKeepsItsOwnProfile) {
  History h;
  h.apply(segment(0, "write/read"));
  h.apply(started(WorkerRole::writer));
  h.apply(batch_of(WorkerRole::writer, "blocking-vmsplice-splice.writer"));
  h.apply(segment(5 * kSec, "+busy"));
  // The new workers are not profiled until their profile starts: no batch lands in the old tally.
  EXPECT_FALSE(h.profile(WorkerRole::writer));
  h.apply(batch_of(WorkerRole::writer, "busy-vmsplice-splice-huge.writer"));
  EXPECT_FALSE(h.profile(WorkerRole::writer));
  h.apply(started(WorkerRole::writer));
  h.apply(batch_of(WorkerRole::writer, "busy-vmsplice-splice-huge.writer"));
  ASSERT_EQ(h.segments().size(), 2U);
  const std::optional<ProfileSummary>& first = h.segments()[0].profiles[0];
  ASSERT_TRUE(first);
  EXPECT_FALSE(h.segments()[0].profiles[1]);  // the reader was not profiled
  ASSERT_TRUE(h.profile(WorkerRole::writer));
  const double blocking = *first->share(ProfileCategory::wait_wake);
  const double busy = testing::share_of(h.profile(WorkerRole::writer)->tally, ProfileCategory::wait_wake);
  EXPECT_GT(blocking, 5 * busy);
  EXPECT_EQ(h.profile(WorkerRole::writer)->tally.samples(), 400U);
}

TEST(HistoryProfile, NothingBeforeTheFirstSegmentAndResetStartsTheTallyAgain) {
  History h;
  h.apply(started(WorkerRole::writer));
  h.apply(batch_of(WorkerRole::writer, "blocking-write-read.writer"));
  EXPECT_FALSE(h.profile(WorkerRole::writer));
  h.apply(segment(0, "write/read"));
  h.apply(started(WorkerRole::writer));
  h.apply(batch_of(WorkerRole::writer, "blocking-write-read.writer"));
  h.reset(kSec);
  ASSERT_TRUE(h.profile(WorkerRole::writer));
  EXPECT_EQ(h.profile(WorkerRole::writer)->tally.samples(), 0U);
  EXPECT_EQ(h.profile(WorkerRole::writer)->source.event, "cpu-clock");  // still profiled
}

TEST(HistoryProfile, TimeSharesSpanTheSegmentAndTheReaderLooksAtThePipe) {
  History h;
  h.apply(segment(0, "write/read +busy"));
  // Two seconds of a reader that is always on its CPU, spinning half the time, finding the pipe
  // empty at 45 of its 60 looks.
  for (int i = 0; i <= 60; ++i) {
    Sample s;
    s.t_ns = i * kSec / 30;
    s.spin_ns = static_cast<std::uint64_t>(s.t_ns / 2);
    s.pipe_fill = i < 45 ? 0 : static_cast<std::int64_t>(kPipe);
    h.apply(WorkerSample{WorkerRole::reader, s});
  }
  h.apply(WorkerTimes{WorkerRole::reader, {0, 0, 0, {0, 0}, 0, 0}});
  h.apply(WorkerTimes{WorkerRole::reader, {2 * kSec, 2 * kSec, 0, {kSec / 2, 3 * kSec / 2}, 10, 400}});
  const std::optional<TimeShares> t = h.time_shares(WorkerRole::reader);
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->spinning, 0.5, 1e-9);
  EXPECT_NEAR(t->user, 0.125, 1e-9);
  EXPECT_NEAR(t->kernel, 0.375, 1e-9);
  EXPECT_NEAR(t->sleeping, 0.0, 1e-9);
  EXPECT_DOUBLE_EQ(*t->involuntary_per_s, 200.0);
  EXPECT_FALSE(h.time_shares(WorkerRole::writer));
  EXPECT_EQ(h.pipe_fill().samples(), 61U);
  EXPECT_EQ(bottleneck_words(h.pipe_fill()), "writer-bound: the pipe is empty 74% of the time");
  // A new segment looks anew.
  h.apply(segment(3 * kSec, "-busy"));
  EXPECT_EQ(h.pipe_fill().samples(), 0U);
  EXPECT_FALSE(h.time_shares(WorkerRole::reader));
}

}  // namespace
}  // namespace pipetop

// A real profile on this machine: a write writer and a vmsplice writer, each feeding a splice reader
// and sampled from this test process by a Profiler for about a second. The article's step from one to
// the other, seen in the kernel: write copies each page into the pipe, vmsplice pins the user's pages
// instead and copies nothing. (How much either waits for the other depends on the machine and the
// kernel's pipe lock, so it is not judged here.) Skipped, with the kernel's reason, where sampling or
// kernel frames are refused.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "pipetop/core/profile/profile_tally.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/profiler.hpp"
#include "pipetop/system/session.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

struct LiveProfile {
  std::optional<std::string> skip;  // why there is no profile to judge
  ProfileTally tally;
  std::uint64_t discarded_bytes = 0;
  std::uint64_t kernel_frames = 0;
  std::uint64_t unnamed_kernel_frames = 0;

  void take(const ProfileDrain& drained) {
    for (const ProfileSample& sample : drained.samples) {
      tally.add(sample);
      for (const ProfileFrame& frame : sample.frames) {
        kernel_frames += frame.kernel ? 1U : 0U;
        unnamed_kernel_frames += frame.kernel && frame.name == "[unknown]" ? 1U : 0U;
      }
    }
    tally.add_lost(drained.lost);
    discarded_bytes += drained.discarded_bytes;
  }
};

// Runs `config` and profiles its writer, draining every 100 ms, until 600 samples or 3 s.
LiveProfile profile_writer(RunConfig config) {
  LiveProfile result;
  config.duration_ns = 30 * kNsPerS;  // stopped below, long before
  Result<std::unique_ptr<Session>> session = testing::start_and_wait(config, testing::live_machine(), {});
  if (!session) {
    ADD_FAILURE() << session.error().message;
    result.skip = session.error().message;
    return result;
  }
  Profiler profiler = Profiler::open(kernel_perf_api(), (*session)->pid(WorkerRole::writer), ProfilerOptions{},
                                     read_profile_environment(testing::live_machine(), SystemFiles("/")));
  if (profiler.mode() != ProfileMode::kernel_and_user) {
    result.skip = std::string(to_string(profiler.mode())) + ": " + profiler.reason();
  }
  const std::int64_t deadline = monotonic_ns() + 3 * kNsPerS;
  while (!result.skip && result.tally.samples() < 600 && monotonic_ns() < deadline) {
    sleep_ns(100 * kNsPerMs);
    (*session)->drain([](WorkerRole, const Sample&) {});
    result.take(profiler.drain());
  }
  (*session)->finish(5 * kNsPerS);
  EXPECT_FALSE((*session)->failure()) << (*session)->failure()->message;
  // The writer is gone: what its ring still holds drains and is named all the same.
  result.take(profiler.drain());
  return result;
}

RunConfig to_splice_reader(WriterKind writer) {
  RunConfig config;
  config.writer = writer;
  config.reader = ReaderKind::splice;
  config.no_counters = true;
  return config;
}

double share(const LiveProfile& profile, ProfileCategory category) {
  return profile.tally.categories()[static_cast<std::size_t>(category)].share;
}

void print(const char* name, const LiveProfile& profile) {
  std::printf("%s: %llu samples, %llu lost\n", name, static_cast<unsigned long long>(profile.tally.samples()),
              static_cast<unsigned long long>(profile.tally.lost()));
  for (const CategoryShare& c : profile.tally.categories()) {
    if (c.samples > 0)
      std::printf("  %5.1f%%  %s\n", 100 * c.share, std::string(category_rule(c.category).name).c_str());
  }
  for (const StackShare& s : profile.tally.top_stacks(3)) {
    std::printf("  %5.1f%%  %s\n", 100 * s.share, describe_stack(s.frames).c_str());
  }
}

TEST(ProfilerLive, AWriteWriterCopiesWhereAVmspliceWriterPinsPages) {
  const LiveProfile write = profile_writer(to_splice_reader(WriterKind::write));
  if (write.skip) GTEST_SKIP() << *write.skip;
  const LiveProfile vmsplice = profile_writer(to_splice_reader(WriterKind::vmsplice));
  if (vmsplice.skip) GTEST_SKIP() << *vmsplice.skip;
  print("write writer", write);
  print("vmsplice writer", vmsplice);
  for (const LiveProfile* profile : {&write, &vmsplice}) {
    if (profile->tally.too_few_samples()) {
      GTEST_SKIP() << "the writer ran too little to be profiled (" << profile->tally.samples() << " samples)";
    }
    // The ring is sized for 100 ms drains: nothing lost, nothing unreadable, kernel frames named.
    EXPECT_EQ(profile->tally.lost(), 0U);
    EXPECT_EQ(profile->discarded_bytes, 0U);
    EXPECT_GT(profile->kernel_frames, 0U);
    EXPECT_LT(profile->unnamed_kernel_frames * 100, profile->kernel_frames);
  }
  // Shares, not thresholds of time: a busy machine (a parallel test) dilutes every category alike.
  EXPECT_GT(share(write, ProfileCategory::copy), 0.05);
  EXPECT_EQ(share(write, ProfileCategory::pin_pages), 0.0);
  EXPECT_GT(share(vmsplice, ProfileCategory::pin_pages), 0.05);
  EXPECT_GT(share(vmsplice, ProfileCategory::pin_pages), 2 * share(vmsplice, ProfileCategory::copy));
  EXPECT_GT(share(write, ProfileCategory::copy), 2 * share(vmsplice, ProfileCategory::copy));
}

}  // namespace
}  // namespace pipetop

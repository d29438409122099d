// The category rules on real stacks: the seed benchmark's blocking write/read, blocking
// vmsplice/splice and busy vmsplice/splice +huge rungs, sampled by perf (cpu-clock, 1 kHz, call
// graphs) on this project's 2-vCPU KVM/PVM guest, Linux 6.18 (tests/fixtures/profiles/capture). 400
// samples a side: a share is known to about ±5 points, so the assertions leave at least that margin.

#include <gtest/gtest.h>

#include <string>

#include "pipetop/core/profile/profile_tally.hpp"
#include "profile_fixture.hpp"

namespace pipetop {
namespace {

using testing::share_of;
using testing::tally_fixture;

const std::vector<std::string> kSides = {".writer", ".reader"};

TEST(ProfileCaptured, EverySideHasFourHundredSamplesAndTheRulesNameNearlyAllOfThem) {
  for (const std::string& rung : testing::kCapturedRungs) {
    for (const std::string& side : kSides) {
      const ProfileTally tally = tally_fixture(rung + side);
      SCOPED_TRACE(rung + side);
      EXPECT_EQ(tally.samples(), 400U);
      EXPECT_FALSE(tally.too_few_samples());
      double total = 0;
      for (const CategoryShare& c : tally.categories()) total += c.share;
      EXPECT_NEAR(total, 1.0, 1e-9);
      EXPECT_LT(share_of(tally, ProfileCategory::other), 0.05);
    }
  }
}

TEST(ProfileCaptured, BlockingRungsSpendMostOfTheirTimeWaitingAndWaking) {
  for (const std::string& side : kSides) {
    SCOPED_TRACE(side);
    // Measured: writer 48%, reader 56% (write/read); writer 62%, reader 73% (vmsplice/splice).
    EXPECT_GT(share_of(tally_fixture("blocking-write-read" + side), ProfileCategory::wait_wake), 0.35);
    const ProfileTally vmsplice = tally_fixture("blocking-vmsplice-splice" + side);
    EXPECT_GT(share_of(vmsplice, ProfileCategory::wait_wake), 0.50);
    for (const CategoryShare& c : vmsplice.categories()) {
      EXPECT_LE(c.share, share_of(vmsplice, ProfileCategory::wait_wake)) << category_rule(c.category).name;
    }
  }
}

TEST(ProfileCaptured, TheBusyLoopRemovesTheWaiting) {
  for (const std::string& side : kSides) {
    SCOPED_TRACE(side);
    // Measured: writer 3%, reader 5%, against 62% and 73% blocking.
    const double busy = share_of(tally_fixture("busy-vmsplice-splice-huge" + side), ProfileCategory::wait_wake);
    const double blocking = share_of(tally_fixture("blocking-vmsplice-splice" + side), ProfileCategory::wait_wake);
    EXPECT_LT(busy, 0.10);
    EXPECT_LT(busy * 5, blocking);
  }
}

TEST(ProfileCaptured, WriteAndReadCopyAndAllocatePagesWhereVmspliceAndSpliceDoNot) {
  for (const std::string& side : kSides) {
    SCOPED_TRACE(side);
    // Measured: copy 28% / 18%, pages 19% / 6% with write/read; at most 1.5% and 0% with vmsplice/splice.
    const ProfileTally copying = tally_fixture("blocking-write-read" + side);
    EXPECT_GT(share_of(copying, ProfileCategory::copy), 0.10);
    EXPECT_GT(share_of(copying, ProfileCategory::page_alloc), 0.03);
    for (const char* rung : {"blocking-vmsplice-splice", "busy-vmsplice-splice-huge"}) {
      const ProfileTally zero_copy = tally_fixture(rung + side);
      EXPECT_LT(share_of(zero_copy, ProfileCategory::copy), 0.03) << rung;
      EXPECT_LT(share_of(zero_copy, ProfileCategory::page_alloc), 0.01) << rung;
    }
  }
}

TEST(ProfileCaptured, OnlyTheVmspliceWriterPinsUserPages) {
  // Measured: 19% blocking, 7% busy; nothing anywhere else.
  EXPECT_GT(share_of(tally_fixture("blocking-vmsplice-splice.writer"), ProfileCategory::pin_pages), 0.10);
  EXPECT_GT(share_of(tally_fixture("busy-vmsplice-splice-huge.writer"), ProfileCategory::pin_pages), 0.03);
  for (const char* name : {"blocking-write-read.writer", "blocking-write-read.reader",
                           "blocking-vmsplice-splice.reader", "busy-vmsplice-splice-huge.reader"}) {
    EXPECT_EQ(share_of(tally_fixture(name), ProfileCategory::pin_pages), 0.0) << name;
  }
}

TEST(ProfileCaptured, TopStacksTellTheArticlesStory) {
  const std::vector<StackShare> writer = tally_fixture("blocking-vmsplice-splice.writer").top_stacks(3);
  ASSERT_EQ(writer.size(), 3U);
  EXPECT_EQ(describe_stack(writer[0].frames),
            "__wake_up ← __do_sys_vmsplice ← do_syscall_64 ← entry_SYSCALL_64_after_hwframe");
  EXPECT_NEAR(writer[0].share, 0.388, 0.001);
  EXPECT_EQ(describe_stack(writer[1].frames), "finish_task_switch.isra.0 ← __schedule ← schedule ← pipe_wait_writable");
  EXPECT_EQ(describe_stack(writer[2].frames),
            "gup_fast_fallback ← __iov_iter_get_pages_alloc ← iov_iter_get_pages2 ← __do_sys_vmsplice");
  const std::vector<StackShare> reader = tally_fixture("blocking-vmsplice-splice.reader").top_stacks(2);
  ASSERT_EQ(reader.size(), 2U);
  EXPECT_EQ(describe_stack(reader[1].frames), "finish_task_switch.isra.0 ← __schedule ← schedule ← pipe_wait_readable");
}

TEST(ProfileCaptured, AnonPipeWakeUpsShowTheirIrqRestore) {
  // Linux 6.18's anon_pipe_write wakes the reader through __wake_up_sync_key, a tail call that leaves
  // no frame: the timer lands where interrupts come back on, right under anon_pipe_write.
  const ProfileTally writer = tally_fixture("blocking-write-read.writer");
  const std::vector<StackShare> top = writer.top_stacks(1);
  ASSERT_EQ(top.size(), 1U);
  EXPECT_EQ(describe_stack(top[0].frames), "_raw_spin_unlock_irqrestore ← anon_pipe_write ← vfs_write ← ksys_write");
  EXPECT_GT(share_of(writer, ProfileCategory::wait_wake), top[0].share);
}

TEST(ProfileCaptured, FoldedOutputIsTheCapturedFileAgain) {
  for (const std::string& rung : testing::kCapturedRungs) {
    for (const std::string& side : kSides) {
      EXPECT_EQ(tally_fixture(rung + side).folded(), testing::profile_fixture_text(rung + side)) << rung + side;
    }
  }
}

}  // namespace
}  // namespace pipetop

// One worker's profile over a segment: counts, shares, lost samples apart, the "too few samples"
// threshold, top stacks read caller ← callee, and folded stacks for flame-graph tools.

#include "pipetop/core/profile/profile_tally.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "profile_fixture.hpp"

namespace pipetop {
namespace {

constexpr auto k = &testing::kernel_frame;
constexpr auto u = &testing::user_frame;

const ProfileSample kWaiting{{k("pvm_irq_enable"), k("finish_task_switch"), k("__schedule"), k("schedule"),
                              k("pipe_wait_writable"), k("anon_pipe_write"), k("vfs_write"), u("write")}};
const ProfileSample kCopying{{k("_copy_from_iter"), k("copy_page_from_iter"), k("anon_pipe_write"), k("vfs_write"),
                              k("ksys_write"), k("do_syscall_64"), u("write")}};
const ProfileSample kUser{{u("write"), u("main")}};

void add(ProfileTally& tally, const ProfileSample& sample, int times) {
  for (int i = 0; i < times; ++i) tally.add(sample);
}

TEST(ProfileTally, EmptyHasNoSharesAndSaysSo) {
  const ProfileTally tally;
  EXPECT_EQ(tally.samples(), 0U);
  EXPECT_EQ(tally.lost(), 0U);
  EXPECT_TRUE(tally.too_few_samples());
  const std::vector<CategoryShare> categories = tally.categories();
  ASSERT_EQ(categories.size(), kProfileCategoryCount);
  for (const CategoryShare& c : categories) EXPECT_EQ(c.share, 0.0);
  EXPECT_TRUE(tally.top_stacks(5).empty());
  EXPECT_EQ(tally.folded(), "");
}

TEST(ProfileTally, SharesOfEveryCategoryInTableOrder) {
  ProfileTally tally;
  add(tally, kWaiting, 60);
  add(tally, kCopying, 30);
  add(tally, kUser, 10);
  EXPECT_EQ(tally.samples(), 100U);
  const std::vector<CategoryShare> categories = tally.categories();
  for (std::size_t i = 0; i < categories.size(); ++i) EXPECT_EQ(static_cast<std::size_t>(categories[i].category), i);
  EXPECT_EQ(categories[static_cast<std::size_t>(ProfileCategory::wait_wake)].samples, 60U);
  EXPECT_DOUBLE_EQ(categories[static_cast<std::size_t>(ProfileCategory::wait_wake)].share, 0.6);
  EXPECT_DOUBLE_EQ(categories[static_cast<std::size_t>(ProfileCategory::copy)].share, 0.3);
  EXPECT_DOUBLE_EQ(categories[static_cast<std::size_t>(ProfileCategory::user)].share, 0.1);
  EXPECT_EQ(categories[static_cast<std::size_t>(ProfileCategory::locks)].samples, 0U);
}

TEST(ProfileTally, LostSamplesAreCountedApartNotGuessedIntoShares) {
  ProfileTally tally;
  add(tally, kCopying, 10);
  tally.add_lost(5);
  tally.add_lost(7);
  EXPECT_EQ(tally.lost(), 12U);
  EXPECT_EQ(tally.samples(), 10U);
  EXPECT_DOUBLE_EQ(tally.categories()[static_cast<std::size_t>(ProfileCategory::copy)].share, 1.0);
}

TEST(ProfileTally, TooFewSamplesBelowTheThreshold) {
  ProfileTally tally;
  add(tally, kUser, static_cast<int>(kMinProfileSamples) - 1);
  EXPECT_TRUE(tally.too_few_samples());
  tally.add(kUser);
  EXPECT_FALSE(tally.too_few_samples());
}

TEST(ProfileTally, TopStacksMergeOnTheirShownFramesMostFirst) {
  ProfileTally tally;
  add(tally, kCopying, 30);
  add(tally, kWaiting, 50);
  // Differs from kWaiting only below the fourth shown frame: the same top stack.
  ProfileSample other_caller = kWaiting;
  other_caller.frames.back() = u("other_caller");
  add(tally, other_caller, 10);
  add(tally, kUser, 10);
  const std::vector<StackShare> top = tally.top_stacks(2);
  ASSERT_EQ(top.size(), 2U);
  EXPECT_EQ(describe_stack(top[0].frames), "finish_task_switch ← __schedule ← schedule ← pipe_wait_writable");
  EXPECT_EQ(top[0].samples, 60U);
  EXPECT_DOUBLE_EQ(top[0].share, 0.6);
  EXPECT_EQ(describe_stack(top[1].frames), "_copy_from_iter ← copy_page_from_iter ← anon_pipe_write ← vfs_write");
  EXPECT_EQ(tally.top_stacks(10).size(), 3U);
  EXPECT_EQ(describe_stack(tally.top_stacks(10)[2].frames), "write ← main");
}

TEST(ProfileTally, TopStacksTieInFrameOrderAndACopyCountsOnItsOwn) {
  ProfileTally tally;
  add(tally, kUser, 20);
  add(tally, kCopying, 20);
  ProfileTally copy = tally;
  add(copy, kUser, 1);
  // Equal counts: the frames decide, whichever came first.
  EXPECT_EQ(describe_stack(tally.top_stacks(1)[0].frames),
            "_copy_from_iter ← copy_page_from_iter ← anon_pipe_write ← vfs_write");
  EXPECT_EQ(tally.top_stacks(2)[1].samples, 20U);
  EXPECT_EQ(describe_stack(copy.top_stacks(1)[0].frames), "write ← main");
  EXPECT_EQ(copy.top_stacks(1)[0].samples, 21U);
}

TEST(ProfileTally, FoldedIsRootFirstOneLinePerStackWithKernelFramesMarked) {
  ProfileTally tally;
  add(tally, kUser, 2);
  add(tally, kCopying, 3);
  tally.add({{k("odd;name"), u("main")}});
  EXPECT_EQ(tally.folded(),
            "main;odd:name_[k] 1\n"
            "main;write 2\n"
            "write;do_syscall_64_[k];ksys_write_[k];vfs_write_[k];anon_pipe_write_[k];copy_page_from_iter_[k];"
            "_copy_from_iter_[k] 3\n");
}

TEST(ProfileTally, FoldedReadsBackIntoTheSameTally) {
  const ProfileTally captured = testing::tally_fixture("blocking-vmsplice-splice.writer");
  ProfileTally again;
  for (const testing::FoldedStack& stack : testing::parse_folded(captured.folded())) {
    for (std::uint64_t i = 0; i < stack.count; ++i) again.add(stack.sample);
  }
  EXPECT_EQ(again.folded(), captured.folded());
  EXPECT_EQ(again.samples(), captured.samples());
}

TEST(ProfileTally, DescribeStackReadsCalleeFirst) {
  EXPECT_EQ(describe_stack({k("a"), k("b"), u("c")}), "a ← b ← c");
  EXPECT_EQ(describe_stack({k("a")}), "a");
  EXPECT_EQ(describe_stack({}), "");
}

}  // namespace
}  // namespace pipetop

// Which side waits for which, from the reader's looks at the pipe: full, empty, in between; too few
// looks say nothing.

#include "pipetop/core/figures/pipe_fill.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace pipetop {
namespace {

constexpr std::uint64_t kPipe = 64 * 1024;

PipeFill looks(int full, int empty, int half) {
  PipeFill fill;
  for (int i = 0; i < full; ++i) fill.add(static_cast<std::int64_t>(kPipe), kPipe);
  for (int i = 0; i < empty; ++i) fill.add(0, kPipe);
  for (int i = 0; i < half; ++i) fill.add(static_cast<std::int64_t>(kPipe / 2), kPipe);
  return fill;
}

TEST(PipeFill, FullEmptyAndMeanAreSharesOfTheLooks) {
  const PipeFill fill = looks(46, 2, 2);
  EXPECT_EQ(fill.samples(), 50U);
  EXPECT_DOUBLE_EQ(*fill.full_share(), 0.92);
  EXPECT_DOUBLE_EQ(*fill.empty_share(), 0.04);
  EXPECT_DOUBLE_EQ(*fill.mean_fill(), (46 + 0.5 * 2) / 50.0);
}

TEST(PipeFill, LessThanAPageFreeCountsAsFull) {
  PipeFill fill;
  for (int i = 0; i < 50; ++i) fill.add(static_cast<std::int64_t>(kPipe - 4095), kPipe);
  EXPECT_DOUBLE_EQ(*fill.full_share(), 1.0);
  PipeFill not_full;
  for (int i = 0; i < 50; ++i) not_full.add(static_cast<std::int64_t>(kPipe - 4096), kPipe);
  EXPECT_DOUBLE_EQ(*not_full.full_share(), 0.0);
  EXPECT_DOUBLE_EQ(*not_full.empty_share(), 0.0);
}

TEST(PipeFill, UnknownLooksAreIgnoredAndTooFewSayNothing) {
  PipeFill fill = looks(49, 0, 0);
  fill.add(-1, kPipe);  // the writer's samples, or a failed ioctl
  fill.add(4096, 0);    // a pipe of unknown size
  EXPECT_EQ(fill.samples(), 49U);
  EXPECT_TRUE(fill.too_few_samples());
  EXPECT_FALSE(fill.full_share());
  EXPECT_FALSE(fill.empty_share());
  EXPECT_FALSE(fill.mean_fill());
  EXPECT_FALSE(bottleneck_words(fill));
  fill.add(static_cast<std::int64_t>(kPipe), kPipe);
  EXPECT_FALSE(fill.too_few_samples());
}

TEST(PipeFill, SamplesAreLookedAtOneByOne) {
  std::vector<Sample> reader(60);
  for (std::size_t i = 0; i < reader.size(); ++i) reader[i].pipe_fill = i < 45 ? 0 : static_cast<std::int64_t>(kPipe);
  PipeFill fill;
  fill.add(reader, kPipe);
  EXPECT_DOUBLE_EQ(*fill.empty_share(), 0.75);
  EXPECT_DOUBLE_EQ(*fill.full_share(), 0.25);
}

TEST(PipeFill, TheBottleneckIsTheSideTheOtherWaitsFor) {
  EXPECT_EQ(bottleneck_words(looks(46, 2, 2)), "reader-bound: the pipe is full 92% of the time");
  EXPECT_EQ(bottleneck_words(looks(5, 44, 1)), "writer-bound: the pipe is empty 88% of the time");
  EXPECT_EQ(bottleneck_words(looks(10, 20, 20)),
            "neither side waits for long: the pipe is full 20%, empty 40% of the time");
}

}  // namespace
}  // namespace pipetop

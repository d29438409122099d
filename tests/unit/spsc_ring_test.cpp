#include "pipetop/core/base/spsc_ring.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "pipetop/core/figures/sample.hpp"

namespace pipetop {
namespace {

static_assert(SpscRing<Sample, 1024>::layout_ok());
static_assert(SpscRing<std::uint64_t, 2>::layout_ok());
static_assert(std::is_trivially_copyable_v<Sample>);
static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
static_assert(alignof(SpscRing<Sample, 8>) >= kCacheLineBytes);
// Head, tail and the slots each start a cache line of their own.
static_assert(sizeof(SpscRing<std::uint64_t, 8>) == 2 * kCacheLineBytes + 8 * sizeof(std::uint64_t));
static_assert(SpscRing<Sample, 16>::capacity == 16);

Sample sample(std::uint64_t n) {
  return Sample{static_cast<std::int64_t>(n) * 1000, n * 4096, n, n / 3};
}

TEST(SpscRing, EmptyPopFails) {
  auto ring = std::make_unique<SpscRing<Sample, 8>>();
  Sample out{-7, 1, 2, 3};
  EXPECT_FALSE(ring->try_pop(out));
  EXPECT_EQ(out.t_ns, -7) << "a failed pop must not touch its output";
  EXPECT_EQ(ring->dropped(), 0u);
}

TEST(SpscRing, FifoOrder) {
  auto ring = std::make_unique<SpscRing<Sample, 8>>();
  for (std::uint64_t i = 0; i < 5; ++i) ASSERT_TRUE(ring->try_push(sample(i)));
  for (std::uint64_t i = 0; i < 5; ++i) {
    Sample out;
    ASSERT_TRUE(ring->try_pop(out));
    EXPECT_EQ(out.t_ns, sample(i).t_ns);
    EXPECT_EQ(out.bytes, sample(i).bytes);
    EXPECT_EQ(out.syscalls, sample(i).syscalls);
    EXPECT_EQ(out.eagain, sample(i).eagain);
  }
  Sample out;
  EXPECT_FALSE(ring->try_pop(out));
}

TEST(SpscRing, WrapsAroundManyTimes) {
  SpscRing<std::uint64_t, 4> ring;
  std::uint64_t next_push = 0;
  std::uint64_t next_pop = 0;
  // Uneven batches and a varying fill level, so head and tail cross the end of the slot array at
  // every phase.
  for (std::uint64_t round = 0; round < 1000; ++round) {
    const std::uint64_t pushes = std::min<std::uint64_t>(4 - (next_push - next_pop), 1 + round % 4);
    for (std::uint64_t i = 0; i < pushes; ++i) ASSERT_TRUE(ring.try_push(next_push++));
    const std::uint64_t pops = std::min<std::uint64_t>(next_push - next_pop, 1 + (round * 7) % 3);
    for (std::uint64_t i = 0; i < pops; ++i) {
      std::uint64_t out = 0;
      ASSERT_TRUE(ring.try_pop(out));
      ASSERT_EQ(out, next_pop++);
    }
  }
  EXPECT_GT(next_push, 250u * 4);  // went round the 4 slots hundreds of times
  EXPECT_EQ(ring.dropped(), 0u);
  while (next_pop < next_push) {
    std::uint64_t out = 0;
    ASSERT_TRUE(ring.try_pop(out));
    ASSERT_EQ(out, next_pop++);
  }
  std::uint64_t out = 0;
  EXPECT_FALSE(ring.try_pop(out));
}

TEST(SpscRing, InterleavedPushPopKeepsOrderAcrossWrap) {
  SpscRing<std::uint64_t, 8> ring;
  std::uint64_t next_push = 0;
  std::uint64_t next_pop = 0;
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(ring.try_push(next_push++));  // keep the ring nearly full
  for (int step = 0; step < 10000; ++step) {
    std::uint64_t out = 0;
    ASSERT_TRUE(ring.try_pop(out));
    ASSERT_EQ(out, next_pop++);
    ASSERT_TRUE(ring.try_push(next_push++));
    ASSERT_TRUE(ring.try_push(next_push++));  // fills it to exactly capacity
    ASSERT_FALSE(ring.try_push(12345));       // and one more is dropped
    ASSERT_TRUE(ring.try_pop(out));
    ASSERT_EQ(out, next_pop++);
  }
  EXPECT_EQ(ring.dropped(), 10000u);
}

TEST(SpscRing, PushOnFullFailsAndCountsEveryDrop) {
  SpscRing<std::uint64_t, 8> ring;
  for (std::uint64_t i = 0; i < 8; ++i) ASSERT_TRUE(ring.try_push(i));
  for (std::uint64_t drop = 1; drop <= 5; ++drop) {
    EXPECT_FALSE(ring.try_push(100 + drop));
    EXPECT_EQ(ring.dropped(), drop);
  }
  // The dropped items never appear; the ring still holds the first 8 in order.
  for (std::uint64_t i = 0; i < 8; ++i) {
    std::uint64_t out = 0;
    ASSERT_TRUE(ring.try_pop(out));
    EXPECT_EQ(out, i);
  }
  std::uint64_t out = 0;
  EXPECT_FALSE(ring.try_pop(out));
  // Space freed by the consumer is usable again; the drop count is cumulative.
  EXPECT_TRUE(ring.try_push(42));
  ASSERT_TRUE(ring.try_pop(out));
  EXPECT_EQ(out, 42u);
  EXPECT_EQ(ring.dropped(), 5u);
}

TEST(SpscRing, OnePopMakesRoomForExactlyOnePush) {
  SpscRing<std::uint64_t, 2> ring;
  EXPECT_TRUE(ring.try_push(1));
  EXPECT_TRUE(ring.try_push(2));
  EXPECT_FALSE(ring.try_push(3));
  std::uint64_t out = 0;
  ASSERT_TRUE(ring.try_pop(out));
  EXPECT_EQ(out, 1u);
  EXPECT_TRUE(ring.try_push(4));
  EXPECT_FALSE(ring.try_push(5));
  ASSERT_TRUE(ring.try_pop(out));
  EXPECT_EQ(out, 2u);
  ASSERT_TRUE(ring.try_pop(out));
  EXPECT_EQ(out, 4u);
  EXPECT_FALSE(ring.try_pop(out));
  EXPECT_EQ(ring.dropped(), 2u);
}

}  // namespace
}  // namespace pipetop

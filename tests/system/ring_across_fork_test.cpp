// The sample ring shared between a forked producer and this process: millions of samples arrive in
// order, none invented, and every one the producer could not push is counted as dropped.

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <new>

#include "pipetop/system/shared_region.hpp"

namespace pipetop {
namespace {

struct Shared {
  SampleRing ring;
  std::atomic<std::uint64_t> failed_pushes{0};
  std::atomic<std::uint64_t> failed_sum{0};
};

TEST(RingAcrossFork, MillionsOfSamplesInOrderWithDropsCounted) {
  constexpr std::uint64_t kItems = 4'000'000;
  void* memory = mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(memory, MAP_FAILED);
  auto* shared = new (memory) Shared();

  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::uint64_t failed = 0;
    std::uint64_t failed_sum = 0;
    for (std::uint64_t i = 1; i <= kItems; ++i) {
      const Sample s{static_cast<std::int64_t>(i), i, 2 * i, i % 7};
      if (!shared->ring.try_push(s)) {  // a full ring drops; the producer never waits
        ++failed;
        failed_sum += i;
      }
    }
    shared->failed_sum.store(failed_sum, std::memory_order_relaxed);
    shared->failed_pushes.store(failed, std::memory_order_release);
    _exit(0);
  }

  std::uint64_t received = 0;
  std::uint64_t sum = 0;
  std::int64_t last_t = 0;
  bool ordered = true;
  bool consistent = true;
  int status = 0;
  bool child_done = false;
  for (;;) {
    Sample s;
    bool got_any = false;
    while (shared->ring.try_pop(s)) {
      got_any = true;
      ordered = ordered && s.t_ns > last_t;
      consistent = consistent && s.bytes == static_cast<std::uint64_t>(s.t_ns) && s.syscalls == 2 * s.bytes &&
                   s.eagain == s.bytes % 7;
      last_t = s.t_ns;
      sum += s.bytes;
      ++received;
    }
    if (child_done && !got_any) break;
    if (!child_done && waitpid(child, &status, WNOHANG) == child) child_done = true;
  }
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_TRUE(ordered) << "samples must arrive in the order they were pushed";
  EXPECT_TRUE(consistent) << "a sample must arrive whole, never torn";
  const std::uint64_t failed = shared->failed_pushes.load(std::memory_order_acquire);
  EXPECT_EQ(shared->ring.dropped(), failed);
  EXPECT_EQ(received + failed, kItems);
  EXPECT_GT(received, kItems / 100) << "the consumer keeps up with a fair share";
  EXPECT_EQ(sum + shared->failed_sum.load(), kItems * (kItems + 1) / 2);
  shared->~Shared();
  munmap(memory, sizeof(Shared));
}

}  // namespace
}  // namespace pipetop

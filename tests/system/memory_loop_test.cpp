// The memory loops behind the ceiling and check's bandwidth facts (issue 22 §1), run for real: a plausible
// positive figure, pinned where asked, and a CPU this process may not use refused with the reason.

#include "pipetop/system/memory_loop.hpp"

#include <gtest/gtest.h>
#include <sched.h>

#include "pipetop/core/base/size.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {
namespace {

// A CPU this process may run on.
int allowed_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  EXPECT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(static_cast<std::size_t>(cpu), &set)) return cpu;
  }
  return 0;
}

TEST(MemoryLoop, EachLoopGivesAPlausiblePositiveFigure) {
  for (const MemoryLoop loop : {MemoryLoop::copy, MemoryLoop::read, MemoryLoop::write}) {
    const std::int64_t start = monotonic_ns();
    const Result<double> gib = measure_memory_loop(loop, 64 * kKiB, allowed_cpu(), 20 * kNsPerMs);
    const std::int64_t took = monotonic_ns() - start;
    ASSERT_TRUE(gib.has_value()) << to_string(loop) << ": " << gib.error().message;
    // Even a loaded machine moves more than 10 MiB/s; no CPU moves 10 TiB/s.
    EXPECT_GT(*gib, 0.01) << to_string(loop);
    EXPECT_LT(*gib, 10'000.0) << to_string(loop);
    EXPECT_GE(took, 20 * kNsPerMs) << "it ran for the time asked";
  }
}

TEST(MemoryLoop, AOneByteBufferStillMeasures) {
  const Result<double> gib = measure_memory_loop(MemoryLoop::copy, 1, std::nullopt, 5 * kNsPerMs);
  ASSERT_TRUE(gib.has_value()) << gib.error().message;
  EXPECT_GT(*gib, 0.0);
}

TEST(MemoryLoop, TheCallersCpusAreLeftAsTheyWere) {
  cpu_set_t before;
  ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
  ASSERT_TRUE(measure_memory_loop(MemoryLoop::copy, 4 * kKiB, allowed_cpu(), kNsPerMs).has_value());
  cpu_set_t after;
  ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
  EXPECT_TRUE(CPU_EQUAL(&before, &after)) << "the loop's thread is pinned, not its caller";
}

TEST(MemoryLoop, ACpuOutsideTheAllowedSetIsRefusedWithTheReason) {
  const Result<double> gib = measure_memory_loop(MemoryLoop::copy, 4 * kKiB, CPU_SETSIZE - 1, kNsPerMs);
  ASSERT_FALSE(gib.has_value());
  EXPECT_NE(gib.error().message.find("sched_setaffinity(cpu " + std::to_string(CPU_SETSIZE - 1)), std::string::npos)
      << gib.error().message;
}

TEST(MemoryLoop, CeilingIsMemcpyOfTheBufferSizeOnTheWritersCpu) {
  RunConfig config;
  config.buffer_bytes = 128 * kKiB;
  config.writer_cpu = allowed_cpu();
  const Result<Ceiling> ceiling = measure_ceiling(config, 10 * kNsPerMs);
  ASSERT_TRUE(ceiling.has_value()) << ceiling.error().message;
  EXPECT_EQ(ceiling->buffer_bytes, 128 * kKiB);
  EXPECT_EQ(ceiling->cpu, config.writer_cpu);
  EXPECT_GT(ceiling->memcpy_gib_per_s, 0.01);
  config.writer_cpu = kUnpinned;
  EXPECT_EQ(measure_ceiling(config, kNsPerMs)->cpu, std::nullopt);
}

}  // namespace
}  // namespace pipetop

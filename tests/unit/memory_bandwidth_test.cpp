// check's memory loops as facts (issue 22 §1): which loops over which sizes, a size past the last-level
// cache, and how each figure reads among the machine's facts.

#include "pipetop/core/machine/memory_bandwidth.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/machine/machine_facts.hpp"

namespace pipetop {
namespace {

TEST(MemoryBandwidth, BeyondTheCacheIsFourLastLevelsWithinBounds) {
  EXPECT_EQ(beyond_cache_bytes(CacheSizes{48 * kKiB, 32 * kKiB, 2 * kMiB, 32 * kMiB}), 128 * kMiB);
  EXPECT_EQ(beyond_cache_bytes(CacheSizes{48 * kKiB, 32 * kKiB, 1 * kMiB, std::nullopt}), 64 * kMiB);
  EXPECT_EQ(beyond_cache_bytes(CacheSizes{std::nullopt, std::nullopt, std::nullopt, 384 * kMiB}), 512 * kMiB);
  EXPECT_EQ(beyond_cache_bytes(CacheSizes{}), 256 * kMiB);
}

TEST(MemoryBandwidth, PlanIsEachLoopOverTheBufferThenPastTheCache) {
  const std::vector<BandwidthFigure> plan = bandwidth_plan(256 * kKiB, CacheSizes{{}, {}, {}, 32 * kMiB});
  ASSERT_EQ(plan.size(), 6U);
  EXPECT_EQ(plan[0].loop, MemoryLoop::copy);
  EXPECT_EQ(plan[0].bytes, 256 * kKiB);
  EXPECT_EQ(plan[2].loop, MemoryLoop::write);
  EXPECT_EQ(plan[3].loop, MemoryLoop::copy);
  EXPECT_EQ(plan[3].bytes, 128 * kMiB);
}

TEST(MemoryBandwidth, FactsListEachFigureWithTheCpuAndItsMeaning) {
  MachineFacts facts;
  facts.caches.l3_bytes = 32 * kMiB;
  facts.bandwidth =
      MemoryBandwidth{0, 100'000'000, {{MemoryLoop::copy, 256 * kKiB, 14.24}, {MemoryLoop::write, 128 * kMiB, 9.0}}};
  const std::vector<Fact> described = describe_machine(facts);
  ASSERT_GE(described.size(), 2U);
  const Fact& copy = described[described.size() - 2];
  EXPECT_EQ(copy.name, "memcpy 256 KiB");
  EXPECT_EQ(copy.value, "14.2 GiB/s on CPU 0");
  EXPECT_NE(copy.meaning.find("the ceiling of each copy a pipe makes"), std::string::npos) << copy.meaning;
  EXPECT_EQ(described.back().name, "write 128 MiB");
  EXPECT_NE(described.back().meaning.find("past the caches"), std::string::npos);
}

TEST(MemoryBandwidth, NoFactsWhenNotMeasured) {
  for (const Fact& f : describe_machine(MachineFacts{})) EXPECT_EQ(f.name.find("memcpy"), std::string::npos);
}

}  // namespace
}  // namespace pipetop

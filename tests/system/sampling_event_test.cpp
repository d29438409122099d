// The sampling event's attributes and the ring size: a drain interval of samples as deep as allowed
// fits twice over, in a power of two of pages.

#include "pipetop/system/sampling_event.hpp"

#include <gtest/gtest.h>

#include <bit>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/system/perf_sample_record.hpp"

namespace pipetop {
namespace {

constexpr std::size_t kPage = 4096;

TEST(SamplingEvent, TheLargestRecordHoldsEveryFrameAndContext) {
  // header, ip, pid/tid, time, nr, 64 frames and 8 context markers
  EXPECT_EQ(max_sample_record_bytes(64), 8U + 8U * (4 + 64 + 8));
  EXPECT_EQ(max_sample_record_bytes(127), 8U + 8U * (4 + 127 + 8));
}

TEST(SamplingEvent, TheRingHoldsTwoDrainIntervalsOfTheDeepestSamples) {
  // 100 ms at 1 kHz: 100 samples of 616 bytes, twice: 123,200 bytes -> 31 pages -> 32.
  EXPECT_EQ(ring_data_pages(1000, 100 * kNsPerMs, 64, kPage), 32U);
  EXPECT_EQ(ring_data_pages(1000, 100 * kNsPerMs, 127, kPage), 64U);
  EXPECT_EQ(ring_data_pages(4000, 100 * kNsPerMs, 64, kPage), 128U);
  EXPECT_EQ(ring_data_pages(1, kNsPerMs, 1, kPage), 1U);  // never less than a page
  for (const int hz : {1, 99, 1000, 1234, 10000}) {
    for (const std::int64_t interval_ns : {kNsPerMs, 100 * kNsPerMs, kNsPerS}) {
      const std::size_t pages = ring_data_pages(hz, interval_ns, 64, kPage);
      EXPECT_TRUE(std::has_single_bit(pages)) << hz << " Hz, " << interval_ns << " ns";
      const auto samples = static_cast<std::size_t>((hz * interval_ns + kNsPerS - 1) / kNsPerS);
      EXPECT_GE(pages * kPage, 2 * samples * max_sample_record_bytes(64)) << hz << " Hz, " << interval_ns << " ns";
    }
  }
}

TEST(SamplingEvent, AttributesForCpuClockCyclesAndUserOnly) {
  const perf_event_attr clock = sampling_attr(SamplingClock::cpu_clock, 1000, 64, false);
  EXPECT_EQ(clock.size, sizeof(perf_event_attr));
  EXPECT_EQ(clock.type, static_cast<std::uint32_t>(PERF_TYPE_SOFTWARE));
  EXPECT_EQ(clock.config, static_cast<std::uint64_t>(PERF_COUNT_SW_CPU_CLOCK));
  EXPECT_EQ(clock.freq, 1U);
  EXPECT_EQ(clock.sample_freq, 1000U);
  EXPECT_EQ(clock.sample_type, kProfileSampleType);
  EXPECT_EQ(clock.sample_max_stack, 64U);
  EXPECT_EQ(clock.disabled, 1U);
  EXPECT_EQ(clock.exclude_hv, 1U);
  EXPECT_EQ(clock.exclude_kernel, 0U);
  EXPECT_EQ(clock.exclude_callchain_kernel, 0U);
  EXPECT_EQ(clock.watermark, 1U);  // nobody polls: no wake-up per sample
  const perf_event_attr cycles = sampling_attr(SamplingClock::cycles, 500, 32, true);
  EXPECT_EQ(cycles.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  EXPECT_EQ(cycles.config, static_cast<std::uint64_t>(PERF_COUNT_HW_CPU_CYCLES));
  EXPECT_EQ(cycles.sample_freq, 500U);
  EXPECT_EQ(cycles.exclude_kernel, 1U);
  EXPECT_EQ(cycles.exclude_callchain_kernel, 1U);
  EXPECT_EQ(to_string(SamplingClock::cpu_clock), "cpu-clock");
  EXPECT_EQ(to_string(SamplingClock::cycles), "cycles");
}

}  // namespace
}  // namespace pipetop

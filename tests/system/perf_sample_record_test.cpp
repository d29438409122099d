// Sample and lost records decoded as the kernel lays them out for the profile's sample_type: whose
// frames are the kernel's (context markers), the interrupted address when there is no chain, and
// records whose length does not match what they claim.

#include "pipetop/system/perf_sample_record.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "fake_perf_ring.hpp"

namespace pipetop {
namespace {

using testing::lost_record;
using testing::record;
using testing::sample_record;

constexpr std::uint64_t kKernel = PERF_CONTEXT_KERNEL;
constexpr std::uint64_t kUser = PERF_CONTEXT_USER;

std::vector<SampledAddress> frames_of(const std::vector<std::byte>& bytes) {
  const std::optional<SampleRecord> sample = decode_sample(bytes);
  EXPECT_TRUE(sample.has_value());
  return sample ? sample->frames : std::vector<SampledAddress>{};
}

TEST(PerfSampleRecord, KernelAndUserFramesFollowTheContextMarkers) {
  const std::vector<std::byte> bytes = sample_record(PERF_RECORD_MISC_KERNEL, 41, 42, 123456789, 0xffff1,
                                                     {kKernel, 0xffff1, 0xffff2, kUser, 0x401, 0x402});
  const std::optional<SampleRecord> sample = decode_sample(bytes);
  ASSERT_TRUE(sample.has_value());
  EXPECT_EQ(sample->pid, 41U);
  EXPECT_EQ(sample->tid, 42U);
  EXPECT_EQ(sample->t_ns, 123456789U);
  const std::vector<SampledAddress> expected{{0xffff1, true}, {0xffff2, true}, {0x401, false}, {0x402, false}};
  EXPECT_EQ(sample->frames, expected);
  EXPECT_EQ(record_type(bytes), static_cast<std::uint32_t>(PERF_RECORD_SAMPLE));
}

TEST(PerfSampleRecord, FramesBeforeAnyMarkerBelongToWhereTheSampleWasTaken) {
  EXPECT_EQ(frames_of(sample_record(PERF_RECORD_MISC_USER, 1, 1, 0, 0x401, {0x401, 0x402})),
            (std::vector<SampledAddress>{{0x401, false}, {0x402, false}}));
  EXPECT_EQ(frames_of(sample_record(PERF_RECORD_MISC_KERNEL, 1, 1, 0, 0xffff1, {0xffff1})),
            (std::vector<SampledAddress>{{0xffff1, true}}));
}

TEST(PerfSampleRecord, WithoutAChainTheInterruptedAddressIsTheOneFrame) {
  EXPECT_EQ(frames_of(sample_record(PERF_RECORD_MISC_USER, 1, 1, 0, 0x401, {})),
            (std::vector<SampledAddress>{{0x401, false}}));
  EXPECT_EQ(frames_of(sample_record(PERF_RECORD_MISC_KERNEL, 1, 1, 0, 0xffff9, {kKernel})),
            (std::vector<SampledAddress>{{0xffff9, true}}));
}

TEST(PerfSampleRecord, HypervisorAndGuestFramesAreLeftOut) {
  EXPECT_EQ(
      frames_of(sample_record(PERF_RECORD_MISC_KERNEL, 1, 1, 0, 0xffff1,
                              {PERF_CONTEXT_HV, 0x9, kKernel, 0xffff1, PERF_CONTEXT_GUEST_KERNEL, 0x8, kUser, 0x401})),
      (std::vector<SampledAddress>{{0xffff1, true}, {0x401, false}}));
}

TEST(PerfSampleRecord, AChainThatDoesNotFitItsRecordIsRefused) {
  std::vector<std::byte> bytes = sample_record(PERF_RECORD_MISC_USER, 1, 1, 0, 0x401, {0x401, 0x402});
  std::vector<std::byte> longer = bytes;
  const std::uint64_t claims_three = 3;
  std::memcpy(longer.data() + 8 + 24, &claims_three, 8);  // nr says 3, two follow
  EXPECT_FALSE(decode_sample(longer).has_value());
  const std::uint64_t claims_one = 1;
  std::memcpy(bytes.data() + 8 + 24, &claims_one, 8);  // nr says 1, two follow
  EXPECT_FALSE(decode_sample(bytes).has_value());
  // Too short for the fixed fields, a header whose size is not the record's, not a sample.
  EXPECT_FALSE(decode_sample(record(PERF_RECORD_SAMPLE, 0, {1, 2})).has_value());
  std::vector<std::byte> cut = sample_record(PERF_RECORD_MISC_USER, 1, 1, 0, 0x401, {0x401});
  cut.resize(cut.size() - 8);
  EXPECT_FALSE(decode_sample(cut).has_value());
  EXPECT_FALSE(decode_sample(lost_record(3)).has_value());
  EXPECT_FALSE(decode_sample({}).has_value());
}

TEST(PerfSampleRecord, LostRecordsSayHowManySamplesWereDropped) {
  EXPECT_EQ(decode_lost(lost_record(17)), 17U);
  EXPECT_EQ(record_type(lost_record(17)), static_cast<std::uint32_t>(PERF_RECORD_LOST));
  EXPECT_FALSE(decode_lost(record(PERF_RECORD_LOST, 0, {7})).has_value());
  EXPECT_FALSE(decode_lost(sample_record(0, 1, 1, 0, 1, {})).has_value());
  EXPECT_EQ(record_type({}), 0U);
}

}  // namespace
}  // namespace pipetop

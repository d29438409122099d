// The sample ring read from the parent, against a fake kernel side laid out as the real ring:
// records in order, records and headers split across the end of the ring, records the kernel has
// not finished publishing, garbage sizes, and the space handed back through data_tail.

#include "pipetop/system/perf_ring.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "fake_perf_ring.hpp"

namespace pipetop {
namespace {

using testing::FakeRing;
using testing::header_only;
using testing::kFakePageBytes;
using testing::record;
using testing::RingMemory;

constexpr std::size_t kDataBytes = 4096;

struct Ring {
  RingMemory memory{kDataBytes};
  FakeRing kernel{memory.base(), kDataBytes};
  PerfRing reader{memory.base(), kFakePageBytes, kDataBytes};
  std::vector<std::vector<std::byte>> seen;

  RingDrain drain() {
    return reader.drain([&](std::span<const std::byte> r) { seen.emplace_back(r.begin(), r.end()); });
  }
};

std::vector<std::byte> numbered(std::uint64_t n, std::size_t words) {
  return record(PERF_RECORD_SAMPLE, 0, std::vector<std::uint64_t>(words, n));
}

TEST(PerfRing, AnEmptyRingGivesNothing) {
  Ring ring;
  const RingDrain drained = ring.drain();
  EXPECT_EQ(drained.records, 0U);
  EXPECT_EQ(drained.discarded_bytes, 0U);
  EXPECT_EQ(ring.kernel.tail(), 0U);
  EXPECT_EQ(ring.reader.mapped_bytes(), kFakePageBytes + kDataBytes);
}

TEST(PerfRing, RecordsComeOutInOrderAndTheirSpaceIsHandedBack) {
  Ring ring;
  for (std::uint64_t n = 1; n <= 3; ++n) ring.kernel.write(numbered(n, n));
  const RingDrain drained = ring.drain();
  EXPECT_EQ(drained.records, 3U);
  ASSERT_EQ(ring.seen.size(), 3U);
  for (std::uint64_t n = 1; n <= 3; ++n) EXPECT_EQ(ring.seen[n - 1], numbered(n, n));
  EXPECT_EQ(ring.kernel.tail(), ring.kernel.head());
  EXPECT_EQ(ring.drain().records, 0U);  // nothing twice
}

TEST(PerfRing, ARecordSplitAcrossTheEndIsCopiedOutWhole) {
  Ring ring;
  ring.kernel.start_at(kDataBytes - 16);  // the header and 8 bytes before the end, the rest after it
  ring.kernel.write(numbered(9, 5));
  EXPECT_EQ(ring.drain().records, 1U);
  ASSERT_EQ(ring.seen.size(), 1U);
  EXPECT_EQ(ring.seen[0], numbered(9, 5));
  EXPECT_EQ(ring.kernel.tail(), kDataBytes - 16 + 48);
}

TEST(PerfRing, AHeaderSplitAcrossTheEndIsReadWhole) {
  Ring ring;
  ring.kernel.start_at(3 * kDataBytes - 4);  // positions grow past many laps; the header straddles
  ring.kernel.write(numbered(4, 3));
  ring.kernel.write(numbered(5, 1));
  EXPECT_EQ(ring.drain().records, 2U);
  ASSERT_EQ(ring.seen.size(), 2U);
  EXPECT_EQ(ring.seen[0], numbered(4, 3));
  EXPECT_EQ(ring.seen[1], numbered(5, 1));
}

TEST(PerfRing, ARecordNotFullyPublishedWaitsForTheNextDrain) {
  Ring ring;
  ring.kernel.write(numbered(1, 2));
  ring.kernel.write(numbered(2, 4), false);
  ring.kernel.publish(20);  // its header and part of its body
  EXPECT_EQ(ring.drain().records, 1U);
  EXPECT_EQ(ring.kernel.tail(), 24U);  // up to the unfinished record, not into it
  ring.kernel.publish_all();
  EXPECT_EQ(ring.drain().records, 1U);
  ASSERT_EQ(ring.seen.size(), 2U);
  EXPECT_EQ(ring.seen[1], numbered(2, 4));
}

TEST(PerfRing, LessThanAHeaderPublishedWaits) {
  Ring ring;
  ring.kernel.write(numbered(1, 1), false);
  ring.kernel.publish(4);
  EXPECT_EQ(ring.drain().records, 0U);
  EXPECT_EQ(ring.kernel.tail(), 0U);
  ring.kernel.publish_all();
  EXPECT_EQ(ring.drain().records, 1U);
}

TEST(PerfRing, GarbageSizesDiscardWhatIsPublishedAndTheRingRecovers) {
  for (const std::uint16_t size :
       {std::uint16_t{0}, std::uint16_t{4}, std::uint16_t{12}, static_cast<std::uint16_t>(kDataBytes + 8)}) {
    SCOPED_TRACE(size);
    Ring ring;
    ring.kernel.write(numbered(1, 1));
    ring.kernel.write(header_only(PERF_RECORD_SAMPLE, size));
    ring.kernel.write(numbered(2, 1));  // lost with the garbage: it cannot be found from here
    const RingDrain drained = ring.drain();
    EXPECT_EQ(drained.records, 1U);
    EXPECT_EQ(drained.discarded_bytes, 8U + 16U);
    EXPECT_EQ(ring.kernel.tail(), ring.kernel.head());
    // The kernel goes on writing whole records: the next drain is in step again.
    ring.kernel.write(numbered(3, 2));
    EXPECT_EQ(ring.drain().records, 1U);
    ASSERT_EQ(ring.seen.size(), 2U);
    EXPECT_EQ(ring.seen[1], numbered(3, 2));
  }
}

TEST(PerfRing, AHeadMoreThanARingAheadIsDiscarded) {
  Ring ring;
  ring.kernel.set_head(kDataBytes + 64);
  const RingDrain drained = ring.drain();
  EXPECT_EQ(drained.records, 0U);
  EXPECT_EQ(drained.discarded_bytes, kDataBytes + 64);
  EXPECT_EQ(ring.kernel.tail(), kDataBytes + 64);
}

TEST(PerfRing, ManyLapsOfRecordsOfEverySizeArriveIntact) {
  Ring ring;
  std::vector<std::vector<std::byte>> sent;
  std::uint64_t n = 0;
  for (int drain = 0; drain < 200; ++drain) {
    for (int i = 0; i < 5; ++i, ++n) {
      sent.push_back(numbered(n, 1 + n % 37));
      ring.kernel.write(sent.back());
    }
    ring.drain();
  }
  EXPECT_GT(ring.kernel.tail(), 20 * kDataBytes);
  EXPECT_EQ(ring.seen, sent);
}

}  // namespace
}  // namespace pipetop

// Transfer buffers sit where the seed benchmark's allocator puts its own: the offset within a page
// decides how many pages a vmsplice spans, hence how writer and reader take turns.

#include "pipetop/system/buffer.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>

namespace pipetop {
namespace {

std::uintptr_t address_of(const MappedBuffer& buffer) {
  return reinterpret_cast<std::uintptr_t>(buffer.bytes().data());
}

TEST(MappedBuffer, PlainBytesStartSixteenBytesPastAPageAsGlibcMallocPlacesAMappedChunk) {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  Result<MappedBuffer> buffer = MappedBuffer::allocate(256 * 1024, {});
  ASSERT_TRUE(buffer) << buffer.error().message;
  EXPECT_EQ(address_of(*buffer) % page, kMallocOffsetBytes);
  EXPECT_EQ(buffer->bytes().size(), 256U * 1024U);
  // 128 KiB from 16 bytes in spans 33 pages, not 32: the seed's vmsplice fills a 32-slot pipe with 128 KiB - 16.
  const std::uintptr_t first = address_of(*buffer) / page;
  const std::uintptr_t last = (address_of(*buffer) + 128 * 1024 - 1) / page;
  EXPECT_EQ(last - first + 1, 33U);
  const AddressRange mapping = buffer->mapping();
  EXPECT_LE(mapping.start, address_of(*buffer));
  EXPECT_GE(mapping.end, address_of(*buffer) + buffer->bytes().size()) << "the mapping holds every byte";
  EXPECT_TRUE(std::all_of(buffer->bytes().begin(), buffer->bytes().end(), [](std::byte b) {
    return b == std::byte{'X'};
  })) << "pre-faulted with the seed's fill";
}

TEST(MappedBuffer, HugePageBytesAreAlignedToTwoMebibytesAsTheSeedsAlignedAlloc) {
  Result<MappedBuffer> buffer = MappedBuffer::allocate(256 * 1024, {PageKind::thp, false, Prefault::none, 0});
  ASSERT_TRUE(buffer) << buffer.error().message;
  EXPECT_EQ(address_of(*buffer) % kHugePageBytes, 0U);
  EXPECT_EQ(buffer->mapping().end - buffer->mapping().start, kHugePageBytes) << "rounded up to a huge page";
}

TEST(MappedBuffer, AnOffsetPlacesTheBytesThatFarPastAPage) {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  for (const std::uint64_t offset : {0UL, 16UL, 2048UL, 4095UL}) {
    Result<MappedBuffer> buffer = MappedBuffer::allocate(8192, {PageKind::small, false, Prefault::touch, offset});
    ASSERT_TRUE(buffer) << buffer.error().message;
    EXPECT_EQ(address_of(*buffer) % page, offset);
    EXPECT_GE(buffer->mapping().end, address_of(*buffer) + 8192) << "the mapping holds every byte";
    EXPECT_EQ(buffer->bytes()[8191], std::byte{'X'});
  }
}

TEST(MappedBuffer, AMovedBufferKeepsWhereItsBytesStart) {
  Result<MappedBuffer> buffer = MappedBuffer::allocate(4096, {});
  ASSERT_TRUE(buffer) << buffer.error().message;
  const std::uintptr_t before = address_of(*buffer);
  MappedBuffer moved = std::move(*buffer);
  EXPECT_EQ(address_of(moved), before);
  EXPECT_EQ(moved.bytes()[4095], std::byte{'X'});
}

}  // namespace
}  // namespace pipetop

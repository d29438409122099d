// Huge pages are reported as verified only when measured; never claimed otherwise.

#include "pipetop/system/huge_pages.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include "pipetop/system/buffer.hpp"
#include "pipetop/system/file_reader.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

TEST(HugePages, PlainPagesAreNeverReportedAsHuge) {
  // Plain buffers start 16 bytes into their mapping: this one maps exactly 8 MiB.
  Result<MappedBuffer> buffer =
      MappedBuffer::allocate(4 * kHugePageBytes - kMallocOffsetBytes, {PageKind::small, false, Prefault::none});
  ASSERT_TRUE(buffer) << buffer.error().message;
  const AddressRange range = buffer->mapping();
  ASSERT_EQ(madvise(reinterpret_cast<void*>(range.start), range.end - range.start, MADV_NOHUGEPAGE), 0);
  for (std::byte& b : buffer->bytes()) b = std::byte{1};
  const HugePageResult result = check_huge_pages({range}, "self", testing::live_machine());
  EXPECT_TRUE(result.requested);
  EXPECT_FALSE(result.verified) << result.detail;
  EXPECT_NE(result.detail.find("0 B of 8 MiB huge"), std::string::npos) << result.detail;
  const bool explained = result.detail.find("THP enabled=") != std::string::npos ||
                         result.detail.find("THP is disabled") != std::string::npos;  // where THP is "never"
  EXPECT_TRUE(explained) << "says which setting explains it: " << result.detail;
}

// The explanation comes from the machine facts the parent read, not from files the worker reads.
TEST(HugePages, NotObtainedIsExplainedByTheGivenThpSettings) {
  Result<MappedBuffer> buffer = MappedBuffer::allocate(kHugePageBytes, {PageKind::small, false, Prefault::none});
  ASSERT_TRUE(buffer) << buffer.error().message;
  const AddressRange range = buffer->mapping();
  ASSERT_EQ(madvise(reinterpret_cast<void*>(range.start), range.end - range.start, MADV_NOHUGEPAGE), 0);
  for (std::byte& b : buffer->bytes()) b = std::byte{1};
  MachineFacts machine;
  machine.thp_enabled = "never";
  machine.thp_defrag = "never";
  EXPECT_NE(
      check_huge_pages({range}, "self", machine).detail.find("THP is disabled (transparent_hugepage/enabled = never)"),
      std::string::npos);
  machine.thp_enabled = "madvise";
  machine.thp_defrag = "defer";
  EXPECT_NE(
      check_huge_pages({range}, "self", machine).detail.find("THP enabled=madvise, defrag=defer: no free 2 MiB blocks"),
      std::string::npos)
      << check_huge_pages({range}, "self", machine).detail;
}

TEST(HugePages, HugeBufferOutcomeMatchesTheKernelsOwnAccount) {
  const std::string enabled = testing::live_machine().thp_enabled;
  if (enabled == "never" || enabled == "unknown") {
    GTEST_SKIP() << "transparent huge pages are '" << enabled << "' on this machine";
  }
  Result<MappedBuffer> buffer =
      MappedBuffer::allocate(kHugePageBytes + 4096, {PageKind::thp, false, Prefault::touch, 0});
  ASSERT_TRUE(buffer) << buffer.error().message;
  const AddressRange range = buffer->mapping();
  EXPECT_EQ(range.start % kHugePageBytes, 0U) << "huge-page buffers are 2 MiB aligned";
  EXPECT_EQ(range.end - range.start, 2 * kHugePageBytes) << "and rounded up to whole huge pages";
  const HugePageResult result = check_huge_pages({range}, "self", testing::live_machine());

  const Result<std::string> smaps = read_text_file("/proc/self/smaps");
  ASSERT_TRUE(smaps);
  const std::uint64_t huge = anon_huge_bytes_covering(parse_smaps(*smaps), {range});
  EXPECT_EQ(result.verified, huge >= 2 * kHugePageBytes) << result.detail;
  if (!result.verified) {
    EXPECT_NE(result.detail.find("THP enabled="), std::string::npos) << result.detail;
  }
}

}  // namespace
}  // namespace pipetop

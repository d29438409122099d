#include "pipetop/core/machine/smaps.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pipetop {
namespace {

// Field block of one mapping as the kernel prints it; only the interesting fields vary.
std::string fields(std::uint64_t size_kb, std::uint64_t anon_huge_kb, int thp_eligible, const char* vm_flags) {
  const std::string size = std::to_string(size_kb);
  const std::string huge = std::to_string(anon_huge_kb);
  return "Size:               " + size +
         " kB\n"
         "KernelPageSize:        4 kB\n"
         "MMUPageSize:           4 kB\n"
         "Rss:                " +
         size +
         " kB\n"
         "Pss:                " +
         size +
         " kB\n"
         "Pss_Dirty:          " +
         size +
         " kB\n"
         "Shared_Clean:          0 kB\n"
         "Shared_Dirty:          0 kB\n"
         "Private_Clean:         0 kB\n"
         "Private_Dirty:      " +
         size +
         " kB\n"
         "Referenced:         " +
         size +
         " kB\n"
         "Anonymous:          " +
         size +
         " kB\n"
         "KSM:                   0 kB\n"
         "LazyFree:              0 kB\n"
         "AnonHugePages:      " +
         huge +
         " kB\n"
         "ShmemPmdMapped:        0 kB\n"
         "FilePmdMapped:         0 kB\n"
         "Shared_Hugetlb:        0 kB\n"
         "Private_Hugetlb:       0 kB\n"
         "Swap:                  0 kB\n"
         "SwapPss:               0 kB\n"
         "Locked:                0 kB\n"
         "THPeligible:    " +
         std::to_string(thp_eligible) +
         "\n"
         "VmFlags: " +
         vm_flags + "\n";
}

// A process with its binary, a heap, one 4 MiB buffer that the kernel merged from two adjacent 2 MiB
// buffers (rw-p, MADV_HUGEPAGE), a separate 2 MiB-aligned buffer only partly backed by huge pages,
// a small anonymous mapping, the stack and the vsyscall page.
std::string fixture() {
  return "55d4c0e00000-55d4c0e02000 r--p 00000000 08:01 1234567                    /usr/bin/pipetop\n" +
         fields(8, 0, 0, "rd mr mw me dw sd") +
         "55d4c0e02000-55d4c0e40000 r-xp 00002000 08:01 1234567                    /usr/bin/pipetop\n" +
         fields(248, 0, 0, "rd ex mr mw me dw sd") +
         "55d4c2a1b000-55d4c2a3c000 rw-p 00000000 00:00 0                          [heap]\n" +
         fields(132, 0, 1, "rd wr mr mw me ac sd") + "7f3a40000000-7f3a40400000 rw-p 00000000 00:00 0 \n" +
         fields(4096, 4096, 1, "rd wr mr mw me ac sd hg") + "7f3a40600000-7f3a40800000 rw-p 00000000 00:00 0 \n" +
         fields(2048, 1024, 1, "rd wr mr mw me ac sd hg") + "7f3a41000000-7f3a41021000 rw-p 00000000 00:00 0 \n" +
         fields(132, 0, 0, "rd wr mr mw me ac sd") +
         "7ffd6a3c1000-7ffd6a3e2000 rw-p 00000000 00:00 0                          [stack]\n" +
         fields(132, 0, 1, "rd wr mr mw me gd ac") +
         "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]\n" +
         fields(4, 0, 0, "ex");
}

TEST(ParseSmaps, EveryMappingInFileOrder) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  ASSERT_EQ(m.size(), 8u);
  EXPECT_EQ(m[0].start, 0x55d4c0e00000u);
  EXPECT_EQ(m[0].end, 0x55d4c0e02000u);
  EXPECT_EQ(m[2].start, 0x55d4c2a1b000u);
  EXPECT_EQ(m[3].start, 0x7f3a40000000u);
  EXPECT_EQ(m[3].end, 0x7f3a40400000u);
  EXPECT_EQ(m[4].start, 0x7f3a40600000u);
  EXPECT_EQ(m[4].end, 0x7f3a40800000u);
  EXPECT_EQ(m[7].start, 0xffffffffff600000u);
  EXPECT_EQ(m[7].end, 0xffffffffff601000u);
}

TEST(ParseSmaps, AnonHugePagesPerMapping) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  ASSERT_EQ(m.size(), 8u);
  const std::uint64_t expected[] = {0, 0, 0, 4 * 1024 * 1024, 1024 * 1024, 0, 0, 0};
  for (std::size_t i = 0; i < m.size(); ++i) EXPECT_EQ(m[i].anon_huge_bytes, expected[i]) << "mapping " << i;
}

TEST(ParseSmaps, ThpEligible) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  ASSERT_EQ(m.size(), 8u);
  const bool expected[] = {false, false, true, true, true, false, true, false};
  for (std::size_t i = 0; i < m.size(); ++i) EXPECT_EQ(m[i].thp_eligible, expected[i]) << "mapping " << i;
}

TEST(ParseSmaps, EmptyAndGarbageTextGiveNoMappings) {
  EXPECT_TRUE(parse_smaps("").empty());
  EXPECT_TRUE(parse_smaps("AnonHugePages:   2048 kB\nnot smaps at all\n").empty());
}

TEST(ParseSmaps, NoTrailingNewline) {
  const std::vector<SmapsMapping> m =
      parse_smaps("7f0000000000-7f0000200000 rw-p 00000000 00:00 0\nAnonHugePages:      2048 kB");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].anon_huge_bytes, 2u * 1024 * 1024);
}

TEST(AnonHugeBytesCovering, MergedMappingCountsOnce) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  // Two 2 MiB buffers that the kernel merged into the one 4 MiB mapping.
  const std::vector<AddressRange> buffers = {{0x7f3a40000000, 0x7f3a40200000}, {0x7f3a40200000, 0x7f3a40400000}};
  EXPECT_EQ(anon_huge_bytes_covering(m, buffers), 4u * 1024 * 1024);
}

TEST(AnonHugeBytesCovering, SumsDistinctMappings) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  const std::vector<AddressRange> buffers = {{0x7f3a40000000, 0x7f3a40200000}, {0x7f3a40600000, 0x7f3a40800000}};
  EXPECT_EQ(anon_huge_bytes_covering(m, buffers), 5u * 1024 * 1024);
  const std::vector<AddressRange> second_only = {{0x7f3a40700000, 0x7f3a40701000}};
  EXPECT_EQ(anon_huge_bytes_covering(m, second_only), 1u * 1024 * 1024);
}

TEST(AnonHugeBytesCovering, RangesOutsideEveryMappingCountNothing) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  // The gap between the two buffers, touching both ends ([start, end) is half-open).
  const std::vector<AddressRange> gap = {{0x7f3a40400000, 0x7f3a40600000}};
  EXPECT_EQ(anon_huge_bytes_covering(m, gap), 0u);
  EXPECT_EQ(anon_huge_bytes_covering(m, {}), 0u);
  EXPECT_EQ(anon_huge_bytes_covering({}, gap), 0u);
}

TEST(AnonHugeBytesCovering, RangeSpanningTwoMappingsCountsBoth) {
  const std::vector<SmapsMapping> m = parse_smaps(fixture());
  const std::vector<AddressRange> wide = {{0x7f3a40300000, 0x7f3a40700000}};
  EXPECT_EQ(anon_huge_bytes_covering(m, wide), 5u * 1024 * 1024);
}

TEST(Smaps, KernelPageSizeOfEachMapping) {
  const std::vector<SmapsMapping> m = parse_smaps(
      "00400000-00401000 r-xp 00000000 fe:01 1 /bin/x\nKernelPageSize:        4 kB\n"
      "7f0000000000-7f0000200000 rw-p 00000000 00:0f 2 /dev/hugepages/x\nKernelPageSize:     2048 kB\n");
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].kernel_page_bytes, 4096u);
  EXPECT_EQ(m[1].kernel_page_bytes, 2u * 1024 * 1024);
}

}  // namespace
}  // namespace pipetop

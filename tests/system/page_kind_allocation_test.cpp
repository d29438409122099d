// Every page kind and prefault method maps as its row says. Hugetlb pages come from the reserved pool:
// the bytes lie at their offset inside a huge page whose kernel page size smaps confirms (skipped, with
// the reason, when no page is free); with too few free the allocation is refused naming the pool's file,
// never served from other pages. The prefault methods take the first-touch faults at set-up, none
// leaves them to the first use.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/system/buffer.hpp"

namespace pipetop {
namespace {

std::optional<long> pool_number(std::uint64_t page_bytes, const char* file) {
  std::ifstream in("/sys/kernel/mm/hugepages/hugepages-" + std::to_string(page_bytes / kKiB) + "kB/" + file);
  long value = 0;
  if (!(in >> value)) return std::nullopt;
  return value;
}

std::uint64_t minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_minflt);
}

// The KernelPageSize smaps gives the mapping that starts at `start`, in KiB; 0 when not found.
long kernel_page_kib(std::uintptr_t start) {
  std::ifstream smaps("/proc/self/smaps");
  std::ostringstream head;
  head << std::hex << start << "-";
  bool in_mapping = false;
  for (std::string line; std::getline(smaps, line);) {
    const bool header = !line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) != 0 &&
                        std::isupper(static_cast<unsigned char>(line[0])) == 0 && line.find('-') < line.find(' ');
    if (header) in_mapping = line.starts_with(head.str());
    if (in_mapping && line.starts_with("KernelPageSize:")) return std::stol(line.substr(15));
  }
  return 0;
}

TEST(PageKindAllocation, HugetlbBytesLieAtTheirOffsetInAPageOfThePool) {
  const std::optional<long> free = pool_number(kHugePageBytes, "free_hugepages");
  if (!free || *free < 1) {
    GTEST_SKIP() << "no free 2 MiB hugetlb page (vm.nr_hugepages = "
                 << pool_number(kHugePageBytes, "nr_hugepages").value_or(-1)
                 << "); as root, echo 1 > /proc/sys/vm/nr_hugepages runs this";
  }
  for (const Prefault prefault : {Prefault::touch, Prefault::populate, Prefault::madvise}) {
    for (const std::uint64_t offset : {0UL, 16UL, 4096UL, 1024UL * 1024UL}) {
      Result<MappedBuffer> buffer =
          MappedBuffer::allocate(64 * kKiB, {PageKind::hugetlb, false, prefault, offset, false});
      ASSERT_TRUE(buffer) << buffer.error().message;
      const auto at = reinterpret_cast<std::uintptr_t>(buffer->bytes().data());
      EXPECT_EQ(at % kHugePageBytes, offset);
      EXPECT_EQ(buffer->mapping().end - buffer->mapping().start, kHugePageBytes);
      EXPECT_GE(buffer->file(), 0) << "a hugetlb memfd";
      EXPECT_EQ(kernel_page_kib(buffer->mapping().start), 2048) << "smaps: a hugetlb mapping of 2 MiB pages";
      buffer->bytes()[64 * kKiB - 1] = std::byte{1};
    }
  }
}

TEST(PageKindAllocation, TooFewFreeHugetlbPagesAreRefusedNamingThePoolsFile) {
  const std::optional<long> free = pool_number(kHugePageBytes, "free_hugepages");
  if (!free) GTEST_SKIP() << "this machine has no 2 MiB hugetlb pool";
  std::ifstream overcommit("/proc/sys/vm/nr_overcommit_hugepages");
  long surplus = 0;
  if (overcommit >> surplus && surplus > 0) GTEST_SKIP() << "nr_overcommit_hugepages lets the pool grow on demand";
  const auto bytes = static_cast<std::uint64_t>(*free + 1) * kHugePageBytes;  // one page more than are free
  if (bytes > 8 * kGiB) GTEST_SKIP() << *free << " pages free: too many to exceed in a test";
  Result<MappedBuffer> buffer = MappedBuffer::allocate(bytes, {PageKind::hugetlb, false, Prefault::touch, 0, false});
  ASSERT_FALSE(buffer) << "never served from other pages";
  EXPECT_EQ(buffer.error().kind, ExitCode::environment);
  EXPECT_NE(buffer.error().message.find("mmap(hugetlb memfd, " + std::to_string(*free + 1) + " × 2 MiB pages)"),
            std::string::npos)
      << buffer.error().message;
  EXPECT_NE(buffer.error().hint.find("/proc/sys/vm/nr_hugepages"), std::string::npos) << buffer.error().hint;
  EXPECT_NE(buffer.error().hint.find("never falls back"), std::string::npos) << buffer.error().hint;
}

TEST(PageKindAllocation, OneGibPagesWithNoneFreeAreRefused) {
  if (pool_number(kGiB, "free_hugepages").value_or(0) > 0) GTEST_SKIP() << "1 GiB pages are free here";
  Result<MappedBuffer> buffer = MappedBuffer::allocate(4096, {PageKind::hugetlb_1g, false, Prefault::touch, 0, false});
  ASSERT_FALSE(buffer);
  EXPECT_EQ(buffer.error().kind, ExitCode::environment);
  EXPECT_NE(buffer.error().message.find("1 GiB"), std::string::npos) << buffer.error().message;
}

TEST(PageKindAllocation, EveryPrefaultButNoneTakesTheFaultsAtSetUp) {
  constexpr std::uint64_t kBytes = 4 * kMiB;
  for (const Prefault prefault : {Prefault::touch, Prefault::populate, Prefault::madvise, Prefault::none}) {
    const std::uint64_t before = minor_faults();
    Result<MappedBuffer> buffer = MappedBuffer::allocate(kBytes, {PageKind::small, false, prefault, 0, false});
    ASSERT_TRUE(buffer) << buffer.error().message;
    const std::uint64_t setup = minor_faults() - before;
    const std::uint64_t use_from = minor_faults();
    std::memset(buffer->bytes().data(), 1, kBytes);
    const std::uint64_t use = minor_faults() - use_from;
    if (prefault == Prefault::none) {
      EXPECT_GE(use, 1U) << "the first use takes the faults";
    } else {
      EXPECT_GE(setup, 1U) << to_string(prefault);
      EXPECT_EQ(use, 0U) << to_string(prefault) << ": nothing left to fault in";
    }
  }
}

TEST(PageKindAllocation, AMemfdBufferIsPopulatedToo) {
  for (const Prefault prefault : {Prefault::populate, Prefault::madvise}) {
    Result<MappedBuffer> buffer = MappedBuffer::allocate(kMiB, {PageKind::small, false, prefault, 16, true});
    ASSERT_TRUE(buffer) << buffer.error().message;
    EXPECT_GE(buffer->file(), 0);
    const std::uint64_t from = minor_faults();
    std::memset(buffer->bytes().data(), 1, kMiB);
    EXPECT_EQ(minor_faults() - from, 0U) << to_string(prefault);
  }
}

}  // namespace
}  // namespace pipetop

// The parsers behind the memory facts: hugepages directory names, hugetlbfs mounts, kernel booleans.

#include "pipetop/core/machine/memory_facts.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace pipetop {
namespace {

using Strings = std::vector<std::string>;

TEST(HugepagesDirBytes, PageSizeFromTheName) {
  EXPECT_EQ(hugepages_dir_bytes("hugepages-2048kB"), std::optional<std::uint64_t>(2 * 1024 * 1024));
  EXPECT_EQ(hugepages_dir_bytes("hugepages-1048576kB"), std::optional<std::uint64_t>(1024ULL * 1024 * 1024));
  for (const char* name : {"hugepages-kB", "hugepages-0kB", "hugepages-2048", "pages-2048kB", "hugepages-2x48kB"}) {
    EXPECT_FALSE(hugepages_dir_bytes(name).has_value()) << name;
  }
}

TEST(HugetlbfsMounts, MountPointsOfHugetlbfsOnly) {
  EXPECT_EQ(hugetlbfs_mounts("sysfs /sys sysfs rw 0 0\nhugetlbfs /dev/hugepages hugetlbfs rw,pagesize=2M 0 0\n"
                             "none /mnt/huge1G hugetlbfs rw,pagesize=1024M 0 0\nbroken\n"),
            (Strings{"/dev/hugepages", "/mnt/huge1G"}));
  EXPECT_TRUE(hugetlbfs_mounts("tmpfs /dev/shm tmpfs rw 0 0\n").empty());
}

TEST(ParseKernelBool, YesNoOneZero) {
  EXPECT_EQ(parse_kernel_bool("Y"), std::optional<bool>(true));
  EXPECT_EQ(parse_kernel_bool("1"), std::optional<bool>(true));
  EXPECT_EQ(parse_kernel_bool("N"), std::optional<bool>(false));
  EXPECT_EQ(parse_kernel_bool("0"), std::optional<bool>(false));
  EXPECT_FALSE(parse_kernel_bool("maybe").has_value());
}

}  // namespace
}  // namespace pipetop

// The files that hold this process's effective cpuset, from /proc/self/cgroup (cgroup v1 and v2).

#include "pipetop/core/machine/cgroup_cpuset.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pipetop {
namespace {

using Strings = std::vector<std::string>;

TEST(CpusetFiles, CgroupV2WalksUpToTheRoot) {
  EXPECT_EQ(cpuset_files("0::/pipetop.slice/box.scope\n"),
            (Strings{"/sys/fs/cgroup/pipetop.slice/box.scope/cpuset.cpus.effective",
                     "/sys/fs/cgroup/pipetop.slice/cpuset.cpus.effective", "/sys/fs/cgroup/cpuset.cpus.effective"}));
  EXPECT_EQ(cpuset_files("0::/\n"), (Strings{"/sys/fs/cgroup/cpuset.cpus.effective"}));
}

TEST(CpusetFiles, CgroupV1CpusetHierarchyComesFirst) {
  EXPECT_EQ(cpuset_files("4:memory:/x\n3:cpuset,cpu:/box\n0::/\n"),
            (Strings{"/sys/fs/cgroup/cpuset/box/cpuset.effective_cpus", "/sys/fs/cgroup/cpuset.cpus.effective"}));
  EXPECT_EQ(cpuset_files("3:cpuset:/\n"), (Strings{"/sys/fs/cgroup/cpuset/cpuset.effective_cpus"}));
}

TEST(CpusetFiles, NothingFromTextWithoutACgroup) {
  EXPECT_TRUE(cpuset_files("").empty());
  EXPECT_TRUE(cpuset_files("garbage\n4:memory:/x\n").empty());
  EXPECT_EQ(cpuset_files("0::relative").size(), 2u) << "a path without a leading slash still ends at the root";
}

}  // namespace
}  // namespace pipetop

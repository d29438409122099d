// /proc/stat read through SystemFiles: a 2-vCPU VM's snapshot, a machine tree without the file, and
// this machine's own.

#include "pipetop/system/cpu_ticks_reader.hpp"

#include <gtest/gtest.h>

#include "fixture_machines.hpp"

namespace pipetop {
namespace {

TEST(CpuTicksReader, ReadsTheVmSnapshot) {
  const SystemFiles files(testing::fixture_root("epyc-vm-2cpu"));
  CpuTicksReader reader(files);
  const std::optional<CpuTickTable> t = reader.read_cpu_ticks();
  ASSERT_TRUE(t);
  ASSERT_EQ(t->cpus.size(), 2u);
  EXPECT_EQ(t->cpu(1)->steal, 1111u);
  EXPECT_EQ(t->all.steal, 2159u);
}

TEST(CpuTicksReader, NoFileNoTicks) {
  const SystemFiles files(testing::fixture_root("empty"));
  CpuTicksReader reader(files);
  EXPECT_FALSE(reader.read_cpu_ticks());
}

TEST(CpuTicksReader, ThisMachinesTicksMoveForward) {
  const SystemFiles files("/");
  CpuTicksReader reader(files);
  const std::optional<CpuTickTable> before = reader.read_cpu_ticks();
  ASSERT_TRUE(before) << "/proc/stat is readable on any Linux";
  EXPECT_FALSE(before->cpus.empty());
  const std::optional<CpuTickTable> after = reader.read_cpu_ticks();
  ASSERT_TRUE(after);
  EXPECT_GE(after->all.total(), before->all.total());
}

}  // namespace
}  // namespace pipetop

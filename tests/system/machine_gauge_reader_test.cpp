// /proc/stat read through SystemFiles: a 2-vCPU VM's snapshot, a machine tree without the file, and
// this machine's own; the wake-up round trip between two of this machine's CPUs, and between CPUs it
// refuses.

#include "pipetop/system/machine_gauge_reader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include "fixture_machines.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/wakeup_probe.hpp"

namespace pipetop {
namespace {

TEST(MachineGaugeReader, ReadsTheVmSnapshot) {
  const SystemFiles files(testing::fixture_root("epyc-vm-2cpu"));
  MachineGaugeReader reader(files);
  const std::optional<CpuTickTable> t = reader.read_cpu_ticks();
  ASSERT_TRUE(t);
  ASSERT_EQ(t->cpus.size(), 2u);
  EXPECT_EQ(t->cpu(1)->steal, 1111u);
  EXPECT_EQ(t->all.steal, 2159u);
}

TEST(MachineGaugeReader, NoFileNoTicks) {
  const SystemFiles files(testing::fixture_root("empty"));
  MachineGaugeReader reader(files);
  EXPECT_FALSE(reader.read_cpu_ticks());
}

TEST(MachineGaugeReader, ThisMachinesTicksMoveForward) {
  const SystemFiles files("/");
  MachineGaugeReader reader(files);
  const std::optional<CpuTickTable> before = reader.read_cpu_ticks();
  ASSERT_TRUE(before) << "/proc/stat is readable on any Linux";
  EXPECT_FALSE(before->cpus.empty());
  const std::optional<CpuTickTable> after = reader.read_cpu_ticks();
  ASSERT_TRUE(after);
  EXPECT_GE(after->all.total(), before->all.total());
}

TEST(WakeupProbe, RoundTripsBetweenTwoCpusTakeMicroseconds) {
  const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  const int other = cpus > 1 ? 1 : 0;
  const std::int64_t start = monotonic_ns();
  const Result<double> us = measure_wakeup_round_trip(0, other, 20 * kNsPerMs);
  const std::int64_t took = monotonic_ns() - start;
  ASSERT_TRUE(us) << us.error().message;
  // Two wake-ups through the scheduler: more than 100 ns, and far less than the probe itself.
  EXPECT_GT(*us, 0.1);
  EXPECT_LT(*us, 5000.0);
  EXPECT_GE(took, 20 * kNsPerMs) << "the probe runs as long as asked";
  EXPECT_LT(took, 2 * kNsPerS);
  EXPECT_TRUE(measure_wakeup_round_trip(std::nullopt, std::nullopt, 1));  // unpinned, one round trip at least
}

TEST(WakeupProbe, ACpuThisProcessMayNotUseIsAnErrorNotAHang) {
  const Result<double> there = measure_wakeup_round_trip(0, 4095, 5 * kNsPerMs);
  ASSERT_FALSE(there);
  EXPECT_NE(there.error().message.find("4095"), std::string::npos) << there.error().message;
  const Result<double> from = measure_wakeup_round_trip(4095, 0, 5 * kNsPerMs);
  ASSERT_FALSE(from);
  EXPECT_NE(from.error().message.find("4095"), std::string::npos) << from.error().message;
  const SystemFiles files("/");
  MachineGaugeReader reader(files);
  RunConfig config;
  config.writer_cpu = 4095;
  config.reader_cpu = 0;
  EXPECT_FALSE(reader.wakeup_round_trip_us(config));
  config.writer_cpu = 0;
  EXPECT_TRUE(reader.wakeup_round_trip_us(config));
}

}  // namespace
}  // namespace pipetop

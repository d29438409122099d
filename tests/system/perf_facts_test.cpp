// What decides whether counters open, read from fixture sysfs trees: hybrid CPUs (which PMU owns a
// CPU), directing generic events at a PMU, and whether a CPU PMU exists at all.

#include <gtest/gtest.h>
#include <linux/perf_event.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "pipetop/core/run_config.hpp"
#include "pipetop/system/file_reader.hpp"
#include "pipetop/system/perf_facts.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

// A fresh directory under the temp dir, removed with the fixture.
class SysfsFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            ("pipetop_perf_facts_" + std::to_string(getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }

  [[nodiscard]] std::string devices() const { return root_.string(); }

  void pmu(const std::string& name) const { fs::create_directories(root_ / name); }
  void write(const std::string& relative, const std::string& text) const {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative) << text;
  }
  // A hybrid machine: CPUs 0-7 are P-cores (type 8), 8-15 E-cores (type 10), as on Alder Lake.
  void hybrid() const {
    write("cpu_core/cpus", "0-7\n");
    write("cpu_core/type", "8\n");
    write("cpu_atom/cpus", "8-15\n");
    write("cpu_atom/type", "10\n");
    pmu("software");
    pmu("tracepoint");
  }

  fs::path root_;
};

using HybridPmuType = SysfsFixture;

TEST_F(HybridPmuType, MapsEachCpuToTheTypeOfItsPmu) {
  hybrid();
  EXPECT_EQ(hybrid_pmu_type(0, devices()), std::optional<std::uint32_t>(8));
  EXPECT_EQ(hybrid_pmu_type(7, devices()), std::optional<std::uint32_t>(8));
  EXPECT_EQ(hybrid_pmu_type(8, devices()), std::optional<std::uint32_t>(10));
  EXPECT_EQ(hybrid_pmu_type(15, devices()), std::optional<std::uint32_t>(10));
}

TEST_F(HybridPmuType, SparseCpuListsAreFollowed) {
  write("cpu_core/cpus", "0,2,4-5\n");
  write("cpu_core/type", "4\n");
  write("cpu_atom/cpus", "1,3,6-7\n");
  write("cpu_atom/type", "9\n");
  EXPECT_EQ(hybrid_pmu_type(2, devices()), std::optional<std::uint32_t>(4));
  EXPECT_EQ(hybrid_pmu_type(5, devices()), std::optional<std::uint32_t>(4));
  EXPECT_EQ(hybrid_pmu_type(3, devices()), std::optional<std::uint32_t>(9));
  EXPECT_EQ(hybrid_pmu_type(6, devices()), std::optional<std::uint32_t>(9));
}

TEST_F(HybridPmuType, UnpinnedOrUnknownCpuHasNone) {
  hybrid();
  EXPECT_EQ(hybrid_pmu_type(kUnpinned, devices()), std::nullopt);
  EXPECT_EQ(hybrid_pmu_type(16, devices()), std::nullopt);
}

TEST_F(HybridPmuType, NonHybridMachineHasNone) {
  write("cpu/cpus", "0-15\n");
  write("cpu/type", "4\n");
  pmu("software");
  EXPECT_EQ(hybrid_pmu_type(0, devices()), std::nullopt);
  EXPECT_EQ(hybrid_pmu_type(3, devices()), std::nullopt);
}

TEST_F(HybridPmuType, MissingDirectoryHasNone) {
  EXPECT_EQ(hybrid_pmu_type(0, devices() + "/does-not-exist"), std::nullopt);
}

TEST(HybridPmuTypeReal, NoneOnANonHybridMachine) {
  if (fs::exists(fs::path(kEventSourceDevices) / "cpu_core") || fs::exists(fs::path(kEventSourceDevices) / "cpu_atom")) {
    GTEST_SKIP() << "this machine is hybrid (cpu_core/cpu_atom PMUs)";
  }
  EXPECT_EQ(hybrid_pmu_type(0), std::nullopt);
}

perf_event_attr attr_of(std::uint32_t type, std::uint64_t config) {
  perf_event_attr attr{};
  attr.type = type;
  attr.size = sizeof attr;
  attr.config = config;
  return attr;
}

TEST(TargetPmu, SetsTheExtendedTypeOfHardwareAndCacheEvents) {
  perf_event_attr cycles = attr_of(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
  target_pmu(cycles, 8);
  EXPECT_EQ(cycles.config, (8ULL << 32) | PERF_COUNT_HW_CPU_CYCLES);
  EXPECT_EQ(cycles.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));

  perf_event_attr instructions = attr_of(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
  target_pmu(instructions, 10);
  EXPECT_EQ(instructions.config, (10ULL << 32) | PERF_COUNT_HW_INSTRUCTIONS);

  const std::uint64_t dtlb = 0x10003;
  perf_event_attr cache = attr_of(PERF_TYPE_HW_CACHE, dtlb);
  target_pmu(cache, 10);
  EXPECT_EQ(cache.config, (10ULL << 32) | dtlb);
  EXPECT_EQ(cache.config & 0xffffffffULL, dtlb) << "the event itself is kept";
}

TEST(TargetPmu, RetargetingReplacesTheOldType) {
  perf_event_attr cycles = attr_of(PERF_TYPE_HARDWARE, (8ULL << 32) | PERF_COUNT_HW_CPU_CYCLES);
  target_pmu(cycles, 10);
  EXPECT_EQ(cycles.config, (10ULL << 32) | PERF_COUNT_HW_CPU_CYCLES);
}

TEST(TargetPmu, LeavesOtherEventsAlone) {
  perf_event_attr faults = attr_of(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS);
  target_pmu(faults, 8);
  EXPECT_EQ(faults.config, static_cast<std::uint64_t>(PERF_COUNT_SW_PAGE_FAULTS));
  EXPECT_EQ(faults.type, static_cast<std::uint32_t>(PERF_TYPE_SOFTWARE));

  perf_event_attr raw = attr_of(PERF_TYPE_RAW, 0x1234abcdULL);
  target_pmu(raw, 8);
  EXPECT_EQ(raw.config, 0x1234abcdULL);

  perf_event_attr tracepoint = attr_of(PERF_TYPE_TRACEPOINT, 42);
  target_pmu(tracepoint, 8);
  EXPECT_EQ(tracepoint.config, 42U);
}

using ReadPerfContext = SysfsFixture;

int real_paranoid() {
  const Result<std::string> text = read_text_file("/proc/sys/kernel/perf_event_paranoid");
  return text ? std::stoi(*text) : 2;
}

TEST_F(ReadPerfContext, CpuEntryMeansAHardwarePmu) {
  pmu("cpu");
  pmu("software");
  const PerfOpenContext c = read_perf_context(devices());
  EXPECT_TRUE(c.hardware_pmu_present);
  EXPECT_EQ(c.paranoid, real_paranoid());
  EXPECT_EQ(c.privileged, geteuid() == 0);
}

TEST_F(ReadPerfContext, NoCpuEntryMeansNoHardwarePmu) {
  for (const char* name : {"software", "tracepoint", "breakpoint", "msr", "uprobe", "kprobe"}) pmu(name);
  const PerfOpenContext c = read_perf_context(devices());
  EXPECT_FALSE(c.hardware_pmu_present);
  EXPECT_EQ(c.paranoid, real_paranoid());
}

TEST_F(ReadPerfContext, EmptyDevicesDirectoryMeansNoHardwarePmu) {
  EXPECT_FALSE(read_perf_context(devices()).hardware_pmu_present);
}

TEST_F(ReadPerfContext, HybridAndArmPmusCount) {
  pmu("cpu_core");
  EXPECT_TRUE(read_perf_context(devices()).hardware_pmu_present);
  fs::remove_all(root_ / "cpu_core");
  pmu("cpu_atom");
  EXPECT_TRUE(read_perf_context(devices()).hardware_pmu_present);
  fs::remove_all(root_ / "cpu_atom");
  pmu("armv8_pmuv3_0");
  EXPECT_TRUE(read_perf_context(devices()).hardware_pmu_present);
  fs::remove_all(root_ / "armv8_pmuv3_0");
  pmu("cpufreq");  // a prefix is not enough
  EXPECT_FALSE(read_perf_context(devices()).hardware_pmu_present);
}

TEST_F(ReadPerfContext, UnreadableDevicesDirectoryAssumesAPmu) {
  EXPECT_TRUE(read_perf_context(devices() + "/missing").hardware_pmu_present);
}

TEST(ReadPerfContextReal, MatchesThisMachine) {
  const PerfOpenContext c = read_perf_context();
  bool cpu_pmu = false;
  for (const fs::directory_entry& e : fs::directory_iterator(kEventSourceDevices)) {
    const std::string name = e.path().filename().string();
    cpu_pmu |= name == "cpu" || name == "cpu_core" || name == "cpu_atom" || name.starts_with("armv");
  }
  EXPECT_EQ(c.hardware_pmu_present, cpu_pmu);
  EXPECT_EQ(c.paranoid, real_paranoid());
  EXPECT_EQ(c.privileged, geteuid() == 0);
}

}  // namespace
}  // namespace pipetop

// What decides whether counters open, read from machine trees written by each test: hybrid CPUs
// (which PMU owns a CPU), directing generic events at a PMU, whether a CPU PMU exists at all, and the
// paranoia and privilege that explain open errors.

#include "pipetop/system/perf_facts.hpp"

#include <gtest/gtest.h>
#include <linux/perf_event.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/capabilities.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/file_reader.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

// A fresh machine root under the temp dir, removed with the fixture; PMUs go under its
// /sys/bus/event_source/devices.
class SysfsFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            ("pipetop_perf_facts_" + std::to_string(getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    fs::remove_all(root_);
    fs::create_directories(devices());
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }

  [[nodiscard]] fs::path devices() const { return root_ / "sys/bus/event_source/devices"; }
  [[nodiscard]] MachineFacts facts() const { return read_machine_facts(SystemFiles(root_.string())); }

  void pmu(const std::string& name) const { fs::create_directories(devices() / name); }
  void write(const fs::path& file, const std::string& text) const {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }
  void write_pmu(const std::string& relative, const std::string& text) const { write(devices() / relative, text); }
  // A hybrid machine: CPUs 0-7 are P-cores (type 8), 8-15 E-cores (type 10), as on Alder Lake.
  void hybrid() const {
    write_pmu("cpu_core/cpus", "0-7\n");
    write_pmu("cpu_core/type", "8\n");
    write_pmu("cpu_atom/cpus", "8-15\n");
    write_pmu("cpu_atom/type", "10\n");
    pmu("software");
    pmu("tracepoint");
  }
  [[nodiscard]] std::optional<std::uint32_t> type_of(int cpu) const {
    return hybrid_pmu_type(facts().hybrid_pmus, cpu);
  }

  fs::path root_;
};

using HybridPmuType = SysfsFixture;

TEST_F(HybridPmuType, MapsEachCpuToTheTypeOfItsPmu) {
  hybrid();
  EXPECT_EQ(type_of(0), std::optional<std::uint32_t>(8));
  EXPECT_EQ(type_of(7), std::optional<std::uint32_t>(8));
  EXPECT_EQ(type_of(8), std::optional<std::uint32_t>(10));
  EXPECT_EQ(type_of(15), std::optional<std::uint32_t>(10));
  const MachineFacts f = facts();
  ASSERT_EQ(f.hybrid_pmus.size(), 2u);
  EXPECT_EQ(f.hybrid_pmus[0].name, "cpu_atom");  // listed in name order
  EXPECT_EQ(f.hybrid_pmus[0].cpus, (std::vector<int>{8, 9, 10, 11, 12, 13, 14, 15}));
  EXPECT_EQ(f.hybrid_pmus[1].name, "cpu_core");
}

TEST_F(HybridPmuType, SparseCpuListsAreFollowed) {
  write_pmu("cpu_core/cpus", "0,2,4-5\n");
  write_pmu("cpu_core/type", "4\n");
  write_pmu("cpu_atom/cpus", "1,3,6-7\n");
  write_pmu("cpu_atom/type", "9\n");
  EXPECT_EQ(type_of(2), std::optional<std::uint32_t>(4));
  EXPECT_EQ(type_of(5), std::optional<std::uint32_t>(4));
  EXPECT_EQ(type_of(3), std::optional<std::uint32_t>(9));
  EXPECT_EQ(type_of(6), std::optional<std::uint32_t>(9));
}

TEST_F(HybridPmuType, UnpinnedOrUnknownCpuHasNone) {
  hybrid();
  EXPECT_EQ(type_of(kUnpinned), std::nullopt);
  EXPECT_EQ(type_of(16), std::nullopt);
}

TEST_F(HybridPmuType, NonHybridMachineHasNone) {
  write_pmu("cpu/cpus", "0-15\n");
  write_pmu("cpu/type", "4\n");
  pmu("software");
  EXPECT_EQ(type_of(0), std::nullopt);
  EXPECT_EQ(type_of(3), std::nullopt);
  EXPECT_TRUE(facts().hybrid_pmus.empty());
}

TEST_F(HybridPmuType, AHybridPmuWithoutItsCpuListOrTypeIsLeftOut) {
  write_pmu("cpu_core/type", "4\n");
  write_pmu("cpu_atom/cpus", "8-15\n");
  write_pmu("cpu_atom/type", "not a number\n");
  EXPECT_TRUE(facts().hybrid_pmus.empty());
  EXPECT_EQ(facts().pmus, (std::vector<std::string>{"cpu_atom", "cpu_core"}));  // still CPU PMUs
}

TEST(HybridPmuTypeReal, NoneOnANonHybridMachine) {
  if (fs::exists(fs::path(kEventSourceDevices) / "cpu_core") ||
      fs::exists(fs::path(kEventSourceDevices) / "cpu_atom")) {
    GTEST_SKIP() << "this machine is hybrid (cpu_core/cpu_atom PMUs)";
  }
  EXPECT_EQ(hybrid_pmu_type(read_machine_facts(SystemFiles("/")).hybrid_pmus, 0), std::nullopt);
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

TEST_F(ReadPerfContext, CpuEntryMeansAHardwarePmu) {
  pmu("cpu");
  pmu("software");
  write(root_ / "proc/sys/kernel/perf_event_paranoid", "1\n");
  const PerfOpenContext c = perf_open_context(facts());
  EXPECT_TRUE(c.hardware_pmu_present);
  EXPECT_EQ(c.paranoid, 1);
  EXPECT_FALSE(c.privileged);
}

TEST_F(ReadPerfContext, NoCpuEntryMeansNoHardwarePmu) {
  for (const char* name : {"software", "tracepoint", "breakpoint", "msr", "uprobe", "kprobe"}) pmu(name);
  const PerfOpenContext c = perf_open_context(facts());
  EXPECT_FALSE(c.hardware_pmu_present);
  EXPECT_EQ(c.paranoid, 2) << "unknown paranoia counts as 2";
}

TEST_F(ReadPerfContext, HybridAndArmPmusCount) {
  pmu("cpu_core");
  EXPECT_TRUE(perf_open_context(facts()).hardware_pmu_present);
  fs::remove_all(devices() / "cpu_core");
  pmu("cpu_atom");
  EXPECT_TRUE(perf_open_context(facts()).hardware_pmu_present);
  fs::remove_all(devices() / "cpu_atom");
  pmu("armv8_pmuv3_0");
  EXPECT_TRUE(perf_open_context(facts()).hardware_pmu_present);
  fs::remove_all(devices() / "armv8_pmuv3_0");
  pmu("cpufreq");  // a prefix is not enough
  EXPECT_FALSE(perf_open_context(facts()).hardware_pmu_present);
}

// The kernel always lists "software": nothing listed means the directory could not be read, and an
// open error is then explained by its errno rather than blamed on a missing PMU.
TEST_F(ReadPerfContext, UnreadableOrEmptyDevicesDirectoryAssumesAPmu) {
  EXPECT_TRUE(perf_open_context(facts()).hardware_pmu_present);
  fs::remove_all(devices());
  EXPECT_TRUE(perf_open_context(facts()).hardware_pmu_present);
}

TEST_F(ReadPerfContext, PrivilegeIsCapPerfmonOrCapSysAdminFromStatus) {
  write(root_ / "proc/self/status", "Name:\tpipetop\nCapEff:\t0000004000000000\n");  // CAP_PERFMON only
  EXPECT_TRUE(perf_open_context(facts()).privileged);
  EXPECT_FALSE(facts().pipe_privileged);
  write(root_ / "proc/self/status", "Name:\tpipetop\nCapEff:\t0000000001200000\n");  // SYS_ADMIN, SYS_RESOURCE
  EXPECT_TRUE(perf_open_context(facts()).privileged);
  EXPECT_TRUE(facts().pipe_privileged);
  write(root_ / "proc/self/status", "Name:\tpipetop\nCapEff:\t0000000000000000\n");
  EXPECT_FALSE(perf_open_context(facts()).privileged);
}

// Whether this process holds capability `cap`, read straight from /proc/self/status.
bool holds(int cap) {
  const Result<std::string> status = read_text_file("/proc/self/status");
  const std::optional<std::uint64_t> set = status ? parse_cap_eff(*status) : std::nullopt;
  return set && has_cap(*set, cap);
}

TEST(ReadPerfContextReal, MatchesThisMachine) {
  const PerfOpenContext c = perf_open_context(read_machine_facts(SystemFiles("/")));
  bool cpu_pmu = false;
  for (const fs::directory_entry& e : fs::directory_iterator(kEventSourceDevices)) {
    const std::string name = e.path().filename().string();
    cpu_pmu |= name == "cpu" || name == "cpu_core" || name == "cpu_atom" || name.starts_with("armv");
  }
  EXPECT_EQ(c.hardware_pmu_present, cpu_pmu);
  const Result<std::string> paranoid = read_text_file("/proc/sys/kernel/perf_event_paranoid");
  EXPECT_EQ(c.paranoid, paranoid ? std::stoi(*paranoid) : 2);
  EXPECT_EQ(c.privileged, holds(kCapPerfmon) || holds(kCapSysAdmin));
}

}  // namespace
}  // namespace pipetop

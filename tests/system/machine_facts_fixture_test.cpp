// Machine facts read from fixture trees of /proc and /sys (tests/fixtures/machines/<name>): a KVM guest
// without a PMU, this development VM's own files, a bare-metal box with SMT and two NUMA nodes, a
// hybrid Intel CPU, a 16-core SMT server, THP switched off, a locked-down perf_event_paranoid, and a
// tree with nothing in it. Then what describe_machine says each fact means for pipes. Where the
// workers go on these machines is in cpu_placement_fixture_test.cpp.

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "fixture_machines.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

using testing::fixture_root;
using testing::read_fixture;

// The fact named `name`; fails the test (and returns an empty Fact) when there is none.
Fact fact(const std::vector<Fact>& facts, const std::string& name) {
  for (const Fact& f : facts) {
    if (f.name == name) return f;
  }
  ADD_FAILURE() << "no fact named '" << name << "'";
  return {};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(MachineFactsFixture, FixturesExist) {
  for (const char* name :
       {"vm-no-pmu", "epyc-vm-2cpu", "bare-metal-thp-always", "hybrid", "smt-16-cores", "affinity-subset",
        "numa-2-nodes", "epyc-128", "cpuset-one-cpu", "thp-never", "unprivileged", "empty"}) {
    EXPECT_TRUE(fs::is_directory(fixture_root(name))) << fixture_root(name);
  }
  EXPECT_TRUE(fs::is_regular_file(fixture_root("vm-no-pmu") + "/proc/cpuinfo"));
}

TEST(SystemFilesFixture, ReadsLinesAndListsUnderTheRoot) {
  const SystemFiles files(fixture_root("hybrid"));
  EXPECT_EQ(files.line("/proc/sys/kernel/osrelease"), "6.5.0-35-generic");
  ASSERT_TRUE(files.read("/proc/sys/fs/pipe-max-size").has_value());
  EXPECT_EQ(*files.read("/proc/sys/fs/pipe-max-size"), "1048576\n");
  const std::vector<std::string> pmus = files.list("/sys/bus/event_source/devices");
  ASSERT_FALSE(pmus.empty());
  EXPECT_TRUE(std::is_sorted(pmus.begin(), pmus.end()));
  EXPECT_NE(std::find(pmus.begin(), pmus.end(), "cpu_core"), pmus.end());
  // Missing paths: an error, an empty line, an empty listing.
  EXPECT_FALSE(files.read("/proc/nonexistent").has_value());
  EXPECT_EQ(files.line("/proc/nonexistent"), "");
  EXPECT_TRUE(files.list("/sys/nonexistent").empty());
}

// --- vm-no-pmu: a QEMU/KVM guest, 2 vCPUs, THP madvise, no CPU PMU, paranoid 2 ------------------

TEST(MachineFactsFixture, VmWithoutPmuFacts) {
  const MachineFacts f = read_fixture("vm-no-pmu");
  EXPECT_EQ(f.cpu_model, "Intel Xeon Processor (Icelake)");
  EXPECT_EQ(f.logical_cpus, 2);
  EXPECT_EQ(f.physical_cores, 2);
  EXPECT_EQ(f.threads_per_core, 1);
  EXPECT_EQ(f.numa_nodes, 1);
  EXPECT_EQ(f.kernel, "6.1.0-18-cloud-amd64");
  EXPECT_EQ(f.virtualisation, "kvm (QEMU)");
  EXPECT_EQ(f.thp_enabled, "madvise");
  EXPECT_EQ(f.thp_defrag, "madvise");
  ASSERT_EQ(f.hugetlb_pools.size(), 1u);  // no 1 GiB pool directory on this guest
  EXPECT_EQ(f.hugetlb_pools[0].page_bytes, 2u * 1024 * 1024);
  EXPECT_EQ(f.hugetlb_pools[0].pages, 0);
  EXPECT_EQ(f.pipe_max_bytes, 1048576);
  EXPECT_EQ(f.perf_paranoid, 2);
  EXPECT_FALSE(f.privileged);
  EXPECT_FALSE(f.hardware_pmu);
  EXPECT_TRUE(f.pmus.empty());  // software, tracepoint, msr... are not CPU PMUs
  EXPECT_EQ(f.governor, "");    // no cpufreq in the guest
  // read_machine_facts never probes: those stay for probe_machine.
  EXPECT_TRUE(f.counters.empty());
  EXPECT_FALSE(f.vmsplice_works.has_value());
  EXPECT_FALSE(f.splice_works.has_value());
}

TEST(MachineFactsFixture, VmWithoutPmuMeanings) {
  const std::vector<Fact> facts = describe_machine(read_fixture("vm-no-pmu"));
  EXPECT_EQ(fact(facts, "CPU").value, "Intel Xeon Processor (Icelake)");
  EXPECT_EQ(fact(facts, "cores").value, "2 CPUs, 2 cores");
  EXPECT_TRUE(contains(fact(facts, "cores").meaning, "each get a core of their own"));
  EXPECT_EQ(fact(facts, "virtualisation").value, "kvm (QEMU)");
  EXPECT_TRUE(contains(fact(facts, "virtualisation").meaning, "hypervisor"));
  EXPECT_TRUE(contains(fact(facts, "virtualisation").meaning, "busy loop tends to pay off"));
  EXPECT_EQ(fact(facts, "transparent huge pages").value, "enabled=madvise, defrag=madvise");
  EXPECT_TRUE(contains(fact(facts, "transparent huge pages").meaning, "--huge-pages works"));
  EXPECT_EQ(fact(facts, "hugetlb pages").value, "2 MiB: 0");
  EXPECT_EQ(fact(facts, "pipe-max-size").value, "1 MiB");
  EXPECT_EQ(fact(facts, "perf_event_paranoid").value, "2");
  EXPECT_TRUE(contains(fact(facts, "perf_event_paranoid").meaning, "user-space counting only"));
  EXPECT_EQ(fact(facts, "hardware PMU").value, "not exposed");
  EXPECT_TRUE(contains(fact(facts, "hardware PMU").meaning, "cannot be counted"));
  EXPECT_EQ(fact(facts, "CPU governor").value, "not exposed");
  EXPECT_TRUE(contains(fact(facts, "CPU governor").meaning, "hypervisor"));
  EXPECT_EQ(fact(facts, "NUMA nodes").value, "1");
  EXPECT_TRUE(contains(fact(facts, "NUMA nodes").meaning, "equally near"));
  EXPECT_EQ(fact(facts, "vmsplice").value, "not checked");
  EXPECT_EQ(fact(facts, "splice").value, "not checked");
}

// --- bare-metal-thp-always: 4 cores x 2 SMT, 2 NUMA nodes, THP always, CPU PMU, performance -----

TEST(MachineFactsFixture, BareMetalFacts) {
  const MachineFacts f = read_fixture("bare-metal-thp-always");
  EXPECT_EQ(f.cpu_model, "Intel(R) Xeon(R) E-2174G CPU @ 3.80GHz");
  EXPECT_EQ(f.logical_cpus, 8);
  EXPECT_EQ(f.physical_cores, 4);
  EXPECT_EQ(f.threads_per_core, 2);
  EXPECT_EQ(f.numa_nodes, 2);
  EXPECT_EQ(f.kernel, "6.8.0-45-generic");
  EXPECT_EQ(f.virtualisation, "none");
  EXPECT_EQ(f.thp_enabled, "always");
  EXPECT_EQ(f.thp_defrag, "defer+madvise");
  ASSERT_EQ(f.hugetlb_pools.size(), 2u);  // in page size order
  EXPECT_EQ(f.hugetlb_pools[0].pages, 512);
  EXPECT_EQ(f.hugetlb_pools[1].page_bytes, 1024u * 1024 * 1024);
  EXPECT_EQ(f.hugetlb_pools[1].pages, 2);
  EXPECT_EQ(f.pipe_max_bytes, 1048576);
  EXPECT_EQ(f.perf_paranoid, 1);
  EXPECT_TRUE(f.hardware_pmu);
  EXPECT_EQ(f.pmus, (std::vector<std::string>{"cpu"}));  // uncore_imc, cstate_core, power are not the CPU's
  EXPECT_EQ(f.governor, "performance");
}

TEST(MachineFactsFixture, BareMetalMeanings) {
  const std::vector<Fact> facts = describe_machine(read_fixture("bare-metal-thp-always"));
  EXPECT_EQ(fact(facts, "cores").value, "8 CPUs, 4 cores, 2 threads per core (SMT)");
  EXPECT_TRUE(contains(fact(facts, "cores").meaning, "pin writer and reader on different physical cores"));
  EXPECT_EQ(fact(facts, "NUMA nodes").value, "2");
  EXPECT_TRUE(contains(fact(facts, "NUMA nodes").meaning, "keep both workers on one node"));
  EXPECT_EQ(fact(facts, "virtualisation").value, "none (bare metal)");
  EXPECT_TRUE(contains(fact(facts, "virtualisation").meaning, "cheap"));
  EXPECT_EQ(fact(facts, "transparent huge pages").value, "enabled=always, defrag=defer+madvise");
  EXPECT_TRUE(contains(fact(facts, "transparent huge pages").meaning, "asked or not"));
  EXPECT_EQ(fact(facts, "hugetlb pages").value, "2 MiB: 512, 1 GiB: 2");
  EXPECT_TRUE(contains(fact(facts, "hugetlb pages").meaning, "--pages hugetlb can take"));
  EXPECT_EQ(fact(facts, "perf_event_paranoid").value, "1");
  EXPECT_TRUE(contains(fact(facts, "perf_event_paranoid").meaning, "kernel and user counting allowed"));
  EXPECT_EQ(fact(facts, "hardware PMU").value, "cpu");
  EXPECT_TRUE(contains(fact(facts, "hardware PMU").meaning, "can be counted"));
  EXPECT_FALSE(contains(fact(facts, "hardware PMU").meaning, "hybrid"));
  EXPECT_EQ(fact(facts, "CPU governor").value, "performance");
  EXPECT_TRUE(contains(fact(facts, "CPU governor").meaning, "steady clocks"));
}

// --- hybrid: cpu_core + cpu_atom, 12th-gen Intel, powersave ------------------------------------

TEST(MachineFactsFixture, HybridFacts) {
  const MachineFacts f = read_fixture("hybrid");
  EXPECT_EQ(f.cpu_model, "12th Gen Intel(R) Core(TM) i7-1255U");
  EXPECT_EQ(f.logical_cpus, 12);
  EXPECT_EQ(f.physical_cores, 10);  // 2 P-cores with SMT (CPUs 0-3) and 8 E-cores (CPUs 4-11)
  EXPECT_EQ(f.numa_nodes, 1);
  EXPECT_EQ(f.virtualisation, "none");
  EXPECT_EQ(f.thp_enabled, "madvise");
  ASSERT_EQ(f.hugetlb_pools.size(), 2u);
  EXPECT_EQ(f.hugetlb_pools[0].pages, 0);
  EXPECT_EQ(f.hugetlb_pools[1].pages, 0);
  // cpu_core owns the P-cores (0-3), cpu_atom the E-cores (4-11), each with its perf type.
  ASSERT_EQ(f.hybrid_pmus.size(), 2u);
  EXPECT_EQ(hybrid_pmu_type(f.hybrid_pmus, 0), std::optional<std::uint32_t>(4));
  EXPECT_EQ(hybrid_pmu_type(f.hybrid_pmus, 3), std::optional<std::uint32_t>(4));
  EXPECT_EQ(hybrid_pmu_type(f.hybrid_pmus, 4), std::optional<std::uint32_t>(10));
  EXPECT_EQ(hybrid_pmu_type(f.hybrid_pmus, 11), std::optional<std::uint32_t>(10));
  EXPECT_TRUE(f.hardware_pmu);
  // Both core types' PMUs, sorted; intel_pt, msr, power... are left out.
  EXPECT_EQ(f.pmus, (std::vector<std::string>{"cpu_atom", "cpu_core"}));
  EXPECT_EQ(f.governor, "powersave");
}

TEST(MachineFactsFixture, HybridMeanings) {
  const std::vector<Fact> facts = describe_machine(read_fixture("hybrid"));
  EXPECT_EQ(fact(facts, "hardware PMU").value, "cpu_atom, cpu_core");
  EXPECT_TRUE(contains(fact(facts, "hardware PMU").meaning, "hybrid CPU"));
  EXPECT_EQ(fact(facts, "CPU governor").value, "powersave");
  EXPECT_TRUE(contains(fact(facts, "CPU governor").meaning, "clocks ramp with load"));
  EXPECT_TRUE(contains(fact(facts, "virtualisation").meaning, "cheap"));
}

// --- epyc-vm-2cpu: this development VM's own files (2 vCPUs, cgroup v1, PTI, busy CPUs) ------------

TEST(MachineFactsFixture, DevelopmentVmFacts) {
  const MachineFacts f = read_fixture("epyc-vm-2cpu");
  EXPECT_EQ(f.cpu_model, "AMD EPYC");
  EXPECT_EQ(f.logical_cpus, 2);
  EXPECT_EQ(f.physical_cores, 2);
  EXPECT_EQ(f.threads_per_core, 1);
  EXPECT_EQ(f.topology, (std::vector<CpuPlace>{{0, 0, 0, 0}, {1, 0, 1, 0}}));
  EXPECT_EQ(f.allowed.affinity, std::optional<std::vector<int>>({0, 1}));  // Cpus_allowed_list
  EXPECT_EQ(f.allowed.cpuset, std::optional<std::vector<int>>({0, 1}));    // cgroup v1 "3:cpuset:/"
  EXPECT_EQ(f.allowed.cpus, (std::vector<int>{0, 1}));
  EXPECT_TRUE(f.allowed.narrowed_by.empty());
  EXPECT_EQ(f.smt.control, "notsupported");
  EXPECT_EQ(f.smt.active, false);
  EXPECT_FALSE(f.caches.l1d_bytes.has_value());  // this guest exposes no cache directory
  EXPECT_EQ(f.page_bytes, std::optional<std::uint64_t>(4096));
  EXPECT_TRUE(page_table_isolation(f.vulnerabilities));
  EXPECT_EQ(f.vulnerabilities.size(), 19u);
  ASSERT_TRUE(f.cpu_pressure.has_value());
  EXPECT_DOUBLE_EQ(f.cpu_pressure->some.avg10_percent, 82.38);
  ASSERT_TRUE(f.memory_pressure.has_value());
  EXPECT_EQ(f.khugepaged.pages_to_scan, 4096);
  EXPECT_EQ(f.khugepaged.scan_sleep_ms, 10000);
  EXPECT_EQ(f.khugepaged.defrag, true);
  EXPECT_TRUE(f.hugetlbfs_mounts.empty());
  EXPECT_FALSE(f.damon_reclaim.has_value());
  // Root in a container: CAP_SYS_ADMIN and CAP_PERFMON, but not CAP_SYS_RESOURCE.
  EXPECT_TRUE(f.privileged);
  EXPECT_FALSE(f.pipe_privileged);
  EXPECT_FALSE(machine_limits(f).may_exceed_pipe_max);
  EXPECT_FALSE(f.hardware_pmu);
  EXPECT_TRUE(f.event_sources_listed);
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "allowed CPUs").value, "0-1 (all online)");
  EXPECT_EQ(fact(facts, "allowed CPUs").meaning, "cpu 0→1: two physical cores of the 2 allowed CPUs");
  EXPECT_EQ(fact(facts, "SMT").value, "not supported");
  EXPECT_EQ(fact(facts, "page size").value, "4 KiB");
  EXPECT_TRUE(contains(fact(facts, "mitigations").value, "meltdown")) << fact(facts, "mitigations").value;
  EXPECT_TRUE(contains(fact(facts, "mitigations").meaning, "page-table isolation"));
  EXPECT_TRUE(contains(fact(facts, "CPU pressure").meaning, "figures will be noisy"));
  EXPECT_EQ(fact(facts, "khugepaged").value, "4096 pages every 10s, defrag on");
  EXPECT_EQ(fact(facts, "DAMON reclaim").value, "not loaded");
}

// --- smt-16-cores: a 16-core SMT server with every fact exposed -----------------------------------

TEST(MachineFactsFixture, SmtServerFacts) {
  const MachineFacts f = read_fixture("smt-16-cores");
  EXPECT_EQ(f.logical_cpus, 32);
  EXPECT_EQ(f.physical_cores, 16);
  EXPECT_EQ(f.threads_per_core, 2);
  EXPECT_EQ(f.numa_nodes, 1);
  EXPECT_EQ(f.smt.control, "on");
  EXPECT_EQ(f.smt.active, true);
  EXPECT_EQ(f.caches.l1d_bytes, std::optional<std::uint64_t>(48 * 1024));
  EXPECT_EQ(f.caches.l1i_bytes, std::optional<std::uint64_t>(32 * 1024));
  EXPECT_EQ(f.caches.l2_bytes, std::optional<std::uint64_t>(1280 * 1024));
  EXPECT_EQ(f.caches.l3_bytes, std::optional<std::uint64_t>(36 * 1024 * 1024));
  EXPECT_EQ(f.hugetlbfs_mounts, (std::vector<std::string>{"/dev/hugepages"}));
  ASSERT_EQ(f.hugetlb_pools.size(), 2u);
  EXPECT_EQ(f.hugetlb_pools[0].free_pages, 500);
  ASSERT_TRUE(f.damon_reclaim.has_value());
  EXPECT_EQ(f.damon_reclaim->enabled, true);
  EXPECT_EQ(f.damon_reclaim->parameters.size(), 3u);
  EXPECT_FALSE(page_table_isolation(f.vulnerabilities));
  EXPECT_EQ(f.allowed.cpuset, std::optional<std::vector<int>>(f.allowed.online))
      << "cgroup v2 without a cpuset of its own: the root's, found by walking up";
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "SMT").value, "on");
  EXPECT_EQ(fact(facts, "caches").value, "L1d 48 KiB, L2 1.2 MiB, L3 36 MiB");
  EXPECT_EQ(fact(facts, "caches").meaning, "a 256 KiB buffer fits in L2: copies stay in cache");
  EXPECT_EQ(fact(facts, "mitigations").value, "spec_store_bypass, spectre_v1, spectre_v2");
  EXPECT_TRUE(contains(fact(facts, "mitigations").meaning, "fewer, larger calls pay less"));
  EXPECT_EQ(fact(facts, "CPU pressure").value, "some 2.5% (10 s), 1.2% (60 s)");
  EXPECT_EQ(fact(facts, "hugetlb pages").value, "2 MiB: 512, 1 GiB: 0; hugetlbfs at /dev/hugepages");
  EXPECT_EQ(fact(facts, "DAMON reclaim").value, "enabled");
  EXPECT_EQ(fact(facts, "allowed CPUs").meaning, "cpu 0→1: two physical cores of the 32 allowed CPUs");
}

// --- numa-2-nodes and epyc-128: nodes from each node's CPU list -----------------------------------

TEST(MachineFactsFixture, TwoNodeFacts) {
  const MachineFacts f = read_fixture("numa-2-nodes");
  EXPECT_EQ(f.numa_nodes, 2);
  EXPECT_EQ(f.physical_cores, 8);
  for (const CpuPlace& p : f.topology) EXPECT_EQ(p.node, p.cpu / 4) << p.cpu;
  EXPECT_EQ(f.allowed.cpuset, std::optional<std::vector<int>>({0, 1, 2, 3, 4, 5, 6, 7}));  // cgroup v1
  EXPECT_EQ(f.smt.control, "off");
  EXPECT_FALSE(f.cpu_pressure.has_value());  // no PSI on this kernel
  EXPECT_TRUE(f.pipe_privileged);
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "CPU pressure").value, "not exposed");
  EXPECT_EQ(fact(facts, "allowed CPUs").meaning, "cpu 0→1: two physical cores of NUMA node 0 of the 8 allowed CPUs");
  EXPECT_EQ(fact(facts, "mitigations").value, "meltdown, spectre_v2; vulnerable: mds");
}

TEST(MachineFactsFixture, OneHundredTwentyEightCpus) {
  const MachineFacts f = read_fixture("epyc-128");
  EXPECT_EQ(f.logical_cpus, 128);
  EXPECT_EQ(f.physical_cores, 64);
  EXPECT_EQ(f.threads_per_core, 2);
  EXPECT_EQ(f.numa_nodes, 2);
  EXPECT_EQ(f.topology[64], (CpuPlace{64, 0, 0, 0})) << "CPU 64 is CPU 0's sibling";
  EXPECT_EQ(f.topology[127], (CpuPlace{127, 1, 31, 1}));
  EXPECT_EQ(f.allowed.cpus.size(), 128u);
  ASSERT_TRUE(f.memory_pressure.has_value());
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "memory pressure").value, "some 3.1%, full 1.1% (10 s)");
  EXPECT_TRUE(contains(fact(facts, "memory pressure").meaning, "stall on reclaim"));
  EXPECT_EQ(fact(facts, "caches").meaning, "a 256 KiB buffer fits in L2: copies stay in cache");
}

// --- thp-never --------------------------------------------------------------------------------

TEST(MachineFactsFixture, ThpNeverFactsAndMeaning) {
  const MachineFacts f = read_fixture("thp-never");
  EXPECT_EQ(f.cpu_model, "AMD EPYC 7302P 16-Core Processor");
  EXPECT_EQ(f.logical_cpus, 4);
  EXPECT_EQ(f.physical_cores, 4);
  EXPECT_EQ(f.thp_enabled, "never");
  EXPECT_EQ(f.thp_defrag, "never");
  EXPECT_EQ(f.pmus, (std::vector<std::string>{"cpu"}));
  EXPECT_EQ(f.governor, "schedutil");
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "transparent huge pages").value, "enabled=never, defrag=never");
  EXPECT_TRUE(contains(fact(facts, "transparent huge pages").meaning, "--huge-pages cannot be obtained here"));
}

// --- unprivileged: paranoid 3 -------------------------------------------------------------------

TEST(MachineFactsFixture, UnprivilegedParanoid3) {
  const MachineFacts f = read_fixture("unprivileged");
  EXPECT_EQ(f.perf_paranoid, 3);
  EXPECT_FALSE(f.privileged);
  EXPECT_EQ(f.pipe_max_bytes, 1048576);
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "perf_event_paranoid").value, "3");
  EXPECT_TRUE(contains(fact(facts, "perf_event_paranoid").meaning, "forbidden"));
  EXPECT_EQ(fact(facts, "pipe-max-size").value, "1 MiB");
  EXPECT_TRUE(contains(fact(facts, "pipe-max-size").meaning, "without CAP_SYS_RESOURCE"));
  EXPECT_TRUE(contains(fact(facts, "pipe-max-size").meaning, "vmsplice buffers up to 2 MiB"));
}

// The same tree with a /proc/self/status that holds every capability.
TEST(MachineFactsFixture, SameTreeReadAsRoot) {
  const fs::path root = fs::temp_directory_path() / ("pipetop_as_root_" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::copy(fixture_root("unprivileged"), root, fs::copy_options::recursive);
  fs::create_directories(root / "proc/self");
  std::ofstream(root / "proc/self/status") << "Name:\tpipetop\nCapEff:\t000001ffffffffff\n";
  const MachineFacts f = read_machine_facts(SystemFiles(root.string()));
  fs::remove_all(root);
  EXPECT_TRUE(f.privileged);
  EXPECT_TRUE(f.pipe_privileged);
  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_TRUE(contains(fact(facts, "perf_event_paranoid").meaning, "every level is allowed"));
  EXPECT_FALSE(contains(fact(facts, "perf_event_paranoid").meaning, "forbidden"));
  EXPECT_TRUE(contains(fact(facts, "pipe-max-size").meaning, "may go above it"));
}

// --- nothing readable ---------------------------------------------------------------------------

TEST(MachineFactsFixture, EmptyTreeLeavesEverythingUnknown) {
  const MachineFacts f = read_fixture("empty");
  EXPECT_EQ(f.cpu_model, "");
  EXPECT_EQ(f.logical_cpus, 0);
  EXPECT_EQ(f.physical_cores, 0);
  EXPECT_EQ(f.numa_nodes, 1);
  EXPECT_EQ(f.kernel, "");
  EXPECT_EQ(f.virtualisation, "");
  EXPECT_EQ(f.thp_enabled, "unknown");
  EXPECT_EQ(f.thp_defrag, "unknown");
  EXPECT_TRUE(f.hugetlb_pools.empty());
  EXPECT_TRUE(f.topology.empty());
  EXPECT_TRUE(f.allowed.cpus.empty());
  EXPECT_FALSE(f.page_bytes.has_value());
  EXPECT_TRUE(f.vulnerabilities.empty());
  EXPECT_FALSE(f.cpu_pressure.has_value());
  EXPECT_FALSE(f.damon_reclaim.has_value());
  EXPECT_FALSE(f.pipe_max_bytes.has_value());
  EXPECT_FALSE(f.perf_paranoid.has_value());
  EXPECT_FALSE(f.hardware_pmu);
  EXPECT_TRUE(f.pmus.empty());
  EXPECT_EQ(f.governor, "");

  const std::vector<Fact> facts = describe_machine(f);
  EXPECT_EQ(fact(facts, "CPU").value, "unknown");
  EXPECT_EQ(fact(facts, "virtualisation").value, "unknown");
  EXPECT_TRUE(contains(fact(facts, "transparent huge pages").meaning, "cannot be checked"));
  EXPECT_EQ(fact(facts, "hugetlb pages").value, "no pools");
  EXPECT_EQ(fact(facts, "allowed CPUs").value, "unknown");
  EXPECT_TRUE(contains(fact(facts, "allowed CPUs").meaning, "could not be read"))
      << fact(facts, "allowed CPUs").meaning;
  EXPECT_EQ(fact(facts, "pipe-max-size").value, "unknown");
  EXPECT_EQ(fact(facts, "perf_event_paranoid").value, "unknown");
  EXPECT_EQ(fact(facts, "hardware PMU").value, "not exposed");
  for (const Fact& each : facts) EXPECT_FALSE(each.name.empty());
}

TEST(MachineFactsFixture, RootThatDoesNotExistIsNoCrash) {
  const MachineFacts f = read_fixture("no-such-machine");
  EXPECT_EQ(f.cpu_model, "");
  EXPECT_EQ(f.logical_cpus, 0);
  EXPECT_FALSE(f.hardware_pmu);
  EXPECT_FALSE(describe_machine(f).empty());
}

// Every fixture: the facts come in reading order, CPU first, the zero-copy probes last.
TEST(MachineFactsFixture, ReadingOrderIsTheSameEverywhere) {
  for (const char* name : {"vm-no-pmu", "epyc-vm-2cpu", "bare-metal-thp-always", "hybrid", "smt-16-cores",
                           "numa-2-nodes", "epyc-128", "cpuset-one-cpu", "thp-never", "unprivileged", "empty"}) {
    const std::vector<Fact> facts = describe_machine(read_fixture(name));
    ASSERT_GE(facts.size(), 23u) << name;
    EXPECT_EQ(facts.front().name, "CPU") << name;
    EXPECT_EQ(facts[1].name, "cores") << name;
    EXPECT_EQ(facts[2].name, "SMT") << name;
    EXPECT_EQ(facts[3].name, "NUMA nodes") << name;
    EXPECT_EQ(facts[4].name, "allowed CPUs") << name;
    EXPECT_EQ(facts[7].name, "kernel") << name;
    EXPECT_EQ(facts[12].name, "transparent huge pages") << name;
    EXPECT_EQ(facts[facts.size() - 2].name, "vmsplice") << name;
    EXPECT_EQ(facts.back().name, "splice") << name;
  }
}

// --- this machine ---------------------------------------------------------------------------------

TEST(LiveMachineFacts, ThisMachineReadsLikeAFixture) {
  const MachineFacts f = read_machine_facts(SystemFiles("/"));
  const MachineLimits limits = machine_limits(f);
  EXPECT_EQ(f.logical_cpus, static_cast<int>(limits.online_cpus.size()));
  EXPECT_GE(f.physical_cores, 1);
  EXPECT_LE(f.physical_cores, f.logical_cpus);
  EXPECT_FALSE(f.kernel.empty());
  EXPECT_NE(f.virtualisation, "");
  ASSERT_TRUE(f.pipe_max_bytes.has_value());
  EXPECT_EQ(static_cast<std::uint64_t>(*f.pipe_max_bytes), limits.pipe_max_bytes);
  EXPECT_EQ(describe_machine(f).front().name, "CPU");
  // The CPUs this process may use: what sched_getaffinity says, within the online ones.
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  std::vector<int> affinity;
  for (const int cpu : f.allowed.online) {
    if (CPU_ISSET(static_cast<std::size_t>(cpu), &set)) affinity.push_back(cpu);
  }
  EXPECT_EQ(f.allowed.cpus, affinity);
  ASSERT_TRUE(f.page_bytes.has_value());
  EXPECT_EQ(*f.page_bytes, static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)));
}

// Whether this process holds CAP_SYS_RESOURCE (bit 24 of CapEff in /proc/self/status).
std::optional<bool> has_cap_sys_resource() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (!line.starts_with("CapEff:")) continue;
    const std::uint64_t caps = std::stoull(line.substr(7), nullptr, 16);
    return ((caps >> 24) & 1u) != 0;
  }
  return std::nullopt;
}

// Regression (then src/system/machine_facts.cpp, read_machine_limits): may_exceed_pipe_max was `geteuid() == 0`,
// but going above /proc/sys/fs/pipe-max-size takes CAP_SYS_RESOURCE, which root in a container
// usually lacks (Docker drops it). There validate() lets `--writer vmsplice --buffer-size 4MiB` through,
// the session's F_SETPIPE_SZ fails with EPERM, and `pipetop tune` wastes a candidate on it. The same
// geteuid() == 0 makes `check` say "may go above it" and "running as root: every level is
// allowed" (src/app/check_command.cpp, run_check).
TEST(LiveMachineLimits, RootWithoutCapSysResourceMayNotExceedPipeMax) {
  const std::optional<bool> cap = has_cap_sys_resource();
  if (geteuid() != 0 || !cap || *cap) {
    GTEST_SKIP() << "needs root without CAP_SYS_RESOURCE (as in a default Docker container)";
  }
  EXPECT_FALSE(machine_limits(read_machine_facts(SystemFiles("/"))).may_exceed_pipe_max);
}

}  // namespace
}  // namespace pipetop

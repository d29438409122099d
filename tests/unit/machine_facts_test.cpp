// describe_machine on facts built by hand: the value and the meaning of each fact for pipes, the
// reading order, and the cases the fixture trees cannot show (probes, counters, containers).

#include "pipetop/core/machine/machine_facts.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pipetop {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<Fact> all_named(const std::vector<Fact>& facts, const std::string& name) {
  std::vector<Fact> out;
  for (const Fact& f : facts) {
    if (f.name == name) out.push_back(f);
  }
  return out;
}

Fact fact(const std::vector<Fact>& facts, const std::string& name) {
  const std::vector<Fact> found = all_named(facts, name);
  if (found.size() != 1) {
    ADD_FAILURE() << found.size() << " facts named '" << name << "'";
    return {};
  }
  return found.front();
}

MachineFacts typical() {
  MachineFacts f;
  f.cpu_model = "AMD EPYC 7763 64-Core Processor";
  f.logical_cpus = 16;
  f.physical_cores = 8;
  f.threads_per_core = 2;
  f.numa_nodes = 1;
  f.kernel = "6.8.0-45-generic";
  f.virtualisation = "none";
  f.thp_enabled = "madvise";
  f.thp_defrag = "madvise";
  f.hugetlb_pools = {{2 * 1024 * 1024, 0, 0}, {1024 * 1024 * 1024, 0, 0}};
  f.pipe_max_bytes = 1048576;
  f.perf_paranoid = 2;
  f.hardware_pmu = true;
  f.pmus = {"cpu"};
  f.governor = "performance";
  f.counters = {{"cycles", CounterState::counting, ""},
                {"instructions", CounterState::counting, ""},
                {"page-faults", CounterState::counting, ""}};
  f.vmsplice_works = true;
  f.splice_works = true;
  return f;
}

TEST(DescribeMachine, ReadingOrder) {
  std::vector<std::string> names;
  for (const Fact& f : describe_machine(typical())) names.push_back(f.name);
  const std::vector<std::string> expected = {"CPU",
                                             "cores",
                                             "SMT",
                                             "NUMA nodes",
                                             "allowed CPUs",
                                             "caches",
                                             "page size",
                                             "kernel",
                                             "mitigations",
                                             "virtualisation",
                                             "CPU pressure",
                                             "memory pressure",
                                             "transparent huge pages",
                                             "khugepaged",
                                             "hugetlb pages",
                                             "DAMON reclaim",
                                             "pipe-max-size",
                                             "perf_event_paranoid",
                                             "hardware PMU",
                                             "counters usable",
                                             "CPU governor",
                                             "vmsplice",
                                             "splice"};
  EXPECT_EQ(names, expected);
}

TEST(DescribeMachine, EveryFactHasAValue) {
  for (const MachineFacts& f : {typical(), MachineFacts{}}) {
    for (const Fact& each : describe_machine(f)) {
      EXPECT_FALSE(each.name.empty());
      if (each.name != "kernel") {
        EXPECT_FALSE(each.value.empty()) << each.name;
      }
    }
  }
}

TEST(DescribeMachine, TypicalValues) {
  const std::vector<Fact> facts = describe_machine(typical());
  EXPECT_EQ(fact(facts, "CPU").value, "AMD EPYC 7763 64-Core Processor");
  EXPECT_EQ(fact(facts, "cores").value, "16 CPUs, 8 cores, 2 threads per core (SMT)");
  EXPECT_EQ(fact(facts, "kernel").value, "6.8.0-45-generic");
  EXPECT_EQ(fact(facts, "hugetlb pages").value, "2 MiB: 0, 1 GiB: 0");
  EXPECT_EQ(fact(facts, "pipe-max-size").value, "1 MiB");
  EXPECT_EQ(fact(facts, "counters usable").value, "cycles, instructions, page-faults");
  EXPECT_EQ(fact(facts, "vmsplice").value, "works");
  EXPECT_EQ(fact(facts, "splice").value, "works");
  EXPECT_TRUE(all_named(facts, "counters unusable").empty());
}

TEST(DescribeMachine, Cores) {
  MachineFacts f = typical();
  EXPECT_TRUE(
      contains(fact(describe_machine(f), "cores").meaning, "pin writer and reader on different physical cores"));
  f.threads_per_core = 1;
  f.physical_cores = 16;
  EXPECT_EQ(fact(describe_machine(f), "cores").value, "16 CPUs, 16 cores");
  EXPECT_TRUE(contains(fact(describe_machine(f), "cores").meaning, "each get a core of their own"));
  f.logical_cpus = 1;
  f.physical_cores = 1;
  EXPECT_TRUE(contains(fact(describe_machine(f), "cores").meaning, "one CPU"));
  EXPECT_TRUE(contains(fact(describe_machine(f), "cores").meaning, "busy loops starve each other"));
}

TEST(DescribeMachine, Numa) {
  MachineFacts f = typical();
  EXPECT_TRUE(contains(fact(describe_machine(f), "NUMA nodes").meaning, "equally near"));
  f.numa_nodes = 2;
  EXPECT_EQ(fact(describe_machine(f), "NUMA nodes").value, "2");
  EXPECT_TRUE(contains(fact(describe_machine(f), "NUMA nodes").meaning, "keep both workers on one node"));
}

TEST(DescribeMachine, Virtualisation) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "virtualisation").value, "none (bare metal)");
  f.virtualisation = "kvm (QEMU)";
  EXPECT_EQ(fact(describe_machine(f), "virtualisation").value, "kvm (QEMU)");
  EXPECT_TRUE(contains(fact(describe_machine(f), "virtualisation").meaning, "busy loop tends to pay off"));
  f.virtualisation = "none, in a docker container";
  EXPECT_TRUE(contains(fact(describe_machine(f), "virtualisation").meaning, "shares the host's kernel"));
  f.virtualisation = "kvm, in a docker container";
  EXPECT_TRUE(contains(fact(describe_machine(f), "virtualisation").meaning, "hypervisor"));
  f.virtualisation = "";
  EXPECT_EQ(fact(describe_machine(f), "virtualisation").value, "unknown");
}

TEST(DescribeMachine, TransparentHugePages) {
  MachineFacts f = typical();
  f.thp_enabled = "never";
  f.thp_defrag = "never";
  EXPECT_EQ(fact(describe_machine(f), "transparent huge pages").value, "enabled=never, defrag=never");
  EXPECT_EQ(fact(describe_machine(f), "transparent huge pages").meaning, "--huge-pages cannot be obtained here");
  f.thp_enabled = "always";
  EXPECT_TRUE(contains(fact(describe_machine(f), "transparent huge pages").meaning, "asked or not"));
  f.thp_enabled = "madvise";
  EXPECT_TRUE(contains(fact(describe_machine(f), "transparent huge pages").meaning, "--huge-pages works"));
  f.thp_enabled = "unknown";
  EXPECT_TRUE(contains(fact(describe_machine(f), "transparent huge pages").meaning, "cannot be checked"));
}

TEST(DescribeMachine, HugetlbPoolsAndMounts) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "hugetlb pages").value, "2 MiB: 0, 1 GiB: 0");
  EXPECT_EQ(fact(describe_machine(f), "hugetlb pages").meaning,
            "--pages hugetlb is refused here: reserve them as root: echo 2 > /proc/sys/vm/nr_hugepages (pipetop never "
            "falls back to other pages)");
  f.hugetlb_pools = {{2 * 1024 * 1024, 64, 60}, {1024 * 1024 * 1024, std::nullopt, std::nullopt}};
  f.hugetlbfs_mounts = {"/dev/hugepages"};
  EXPECT_EQ(fact(describe_machine(f), "hugetlb pages").value, "2 MiB: 64, 1 GiB: unknown; hugetlbfs at /dev/hugepages");
  EXPECT_EQ(fact(describe_machine(f), "hugetlb pages").meaning,
            "--pages hugetlb can take the 2 pages of the default buffers");
  f.hugetlb_pools.clear();
  f.hugetlbfs_mounts.clear();
  EXPECT_EQ(fact(describe_machine(f), "hugetlb pages").value, "no pools");
  EXPECT_EQ(fact(describe_machine(f), "hugetlb pages").meaning,
            "--pages hugetlb is refused here: use --pages thp for transparent huge pages");
}

TEST(DescribeMachine, Smt) {
  MachineFacts f = typical();
  f.smt = {"on", true};
  EXPECT_EQ(fact(describe_machine(f), "SMT").value, "on");
  EXPECT_TRUE(contains(fact(describe_machine(f), "SMT").meaning, "separate cores first"));
  f.smt = {"on", false};
  EXPECT_EQ(fact(describe_machine(f), "SMT").value, "on, no sibling online");
  f.smt = {"forceoff", false};
  EXPECT_EQ(fact(describe_machine(f), "SMT").value, "forceoff");
  EXPECT_TRUE(contains(fact(describe_machine(f), "SMT").meaning, "every CPU is a whole core"));
  f.smt = {"notsupported", false};
  EXPECT_EQ(fact(describe_machine(f), "SMT").value, "not supported");
  f.smt = {};
  EXPECT_EQ(fact(describe_machine(f), "SMT").value, "not exposed");
}

TEST(DescribeMachine, AllowedCpusCarryTheDefaultPinningReason) {
  MachineFacts f = typical();
  f.topology = {{0, 0, 0, 0}, {1, 0, 1, 0}};
  f.allowed = intersect_allowed_cpus({0, 1}, std::vector<int>{0, 1}, std::nullopt);
  EXPECT_EQ(fact(describe_machine(f), "allowed CPUs").value, "0-1 (all online)");
  EXPECT_EQ(fact(describe_machine(f), "allowed CPUs").meaning, "cpu 0→1: two physical cores of the 2 allowed CPUs");
  f.allowed = intersect_allowed_cpus({0, 1}, std::vector<int>{0, 1}, std::vector<int>{1});
  EXPECT_EQ(fact(describe_machine(f), "allowed CPUs").value, "1 of 0-1 online (cpuset)");
  EXPECT_EQ(fact(describe_machine(f), "allowed CPUs").meaning,
            "cpu 1→1: only CPU 1 is allowed here (cpuset), writer and reader share it");
  f.allowed = {};
  EXPECT_EQ(fact(describe_machine(f), "allowed CPUs").value, "unknown");
}

TEST(DescribeMachine, CachesSayWhereTheDefaultBufferFits) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "caches").value, "not exposed");
  f.caches = {48 * 1024, 32 * 1024, 1024 * 1024, 32 * 1024 * 1024};
  EXPECT_EQ(fact(describe_machine(f), "caches").value, "L1d 48 KiB, L2 1 MiB, L3 32 MiB");
  EXPECT_EQ(fact(describe_machine(f), "caches").meaning, "a 256 KiB buffer fits in L2: copies stay in cache");
  f.caches.l2_bytes = 128 * 1024;
  EXPECT_TRUE(contains(fact(describe_machine(f), "caches").meaning, "fits in L3"));
  f.caches.l3_bytes.reset();
  EXPECT_TRUE(contains(fact(describe_machine(f), "caches").meaning, "larger than every cache"));
}

TEST(DescribeMachine, PageSize) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "page size").value, "unknown");
  f.page_bytes = 4096;
  EXPECT_EQ(fact(describe_machine(f), "page size").value, "4 KiB");
  EXPECT_TRUE(contains(fact(describe_machine(f), "page size").meaning, "spans 64 pages"))
      << fact(describe_machine(f), "page size").meaning;
  f.page_bytes = 64 * 1024;
  EXPECT_TRUE(contains(fact(describe_machine(f), "page size").meaning, "spans 4 pages"));
}

TEST(DescribeMachine, Mitigations) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "mitigations").value, "not exposed");
  f.vulnerabilities = {{"meltdown", "Mitigation: PTI"}, {"mds", "Not affected"}, {"spectre_v1", "Vulnerable"}};
  EXPECT_EQ(fact(describe_machine(f), "mitigations").value, "meltdown; vulnerable: spectre_v1");
  EXPECT_TRUE(contains(fact(describe_machine(f), "mitigations").meaning, "page-table isolation"));
  f.vulnerabilities = {{"meltdown", "Not affected"}, {"spectre_v2", "Mitigation: Enhanced IBRS"}};
  EXPECT_EQ(fact(describe_machine(f), "mitigations").value, "spectre_v2");
  EXPECT_TRUE(contains(fact(describe_machine(f), "mitigations").meaning, "fewer, larger calls pay less"));
  f.vulnerabilities = {{"meltdown", "Not affected"}};
  EXPECT_EQ(fact(describe_machine(f), "mitigations").value, "none");
  EXPECT_EQ(fact(describe_machine(f), "mitigations").meaning, "no mitigation work on the syscall path");
}

TEST(DescribeMachine, Pressure) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "CPU pressure").value, "not exposed");
  EXPECT_EQ(fact(describe_machine(f), "memory pressure").value, "not exposed");
  f.cpu_pressure = Pressure{{95.84, 98.14, 72.21, 1}, std::nullopt};
  EXPECT_EQ(fact(describe_machine(f), "CPU pressure").value, "some 95.8% (10 s), 98.1% (60 s)");
  EXPECT_TRUE(contains(fact(describe_machine(f), "CPU pressure").meaning, "figures will be noisy"));
  f.cpu_pressure = Pressure{{2.0, 0, 0, 1}, std::nullopt};
  EXPECT_TRUE(contains(fact(describe_machine(f), "CPU pressure").meaning, "may vary"));
  f.cpu_pressure = Pressure{{0.0, 0, 0, 1}, std::nullopt};
  EXPECT_TRUE(contains(fact(describe_machine(f), "CPU pressure").meaning, "undisturbed"));
  f.memory_pressure = Pressure{{0, 0, 0, 0}, PressureLine{1.5, 0, 0, 9}};
  EXPECT_EQ(fact(describe_machine(f), "memory pressure").value, "some 0.0%, full 1.5% (10 s)");
  EXPECT_TRUE(contains(fact(describe_machine(f), "memory pressure").meaning, "stall on reclaim"));
}

TEST(DescribeMachine, KhugepagedAndDamon) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "khugepaged").value, "not exposed");
  f.khugepaged = {true, 4096, 10000, 60000, 511};
  EXPECT_EQ(fact(describe_machine(f), "khugepaged").value, "4096 pages every 10s, defrag on");
  EXPECT_TRUE(contains(fact(describe_machine(f), "khugepaged").meaning, "may turn huge later"));
  f.thp_enabled = "never";
  EXPECT_EQ(fact(describe_machine(f), "khugepaged").meaning, "idle: THP is off");
  EXPECT_EQ(fact(describe_machine(f), "DAMON reclaim").value, "not loaded");
  f.damon_reclaim = DamonReclaim{true, {{"enabled", "Y"}}};
  EXPECT_EQ(fact(describe_machine(f), "DAMON reclaim").value, "enabled");
  EXPECT_TRUE(contains(fact(describe_machine(f), "DAMON reclaim").meaning, "reclaimed in the background"));
  f.damon_reclaim = DamonReclaim{false, {{"enabled", "N"}}};
  EXPECT_EQ(fact(describe_machine(f), "DAMON reclaim").value, "loaded, off");
}

TEST(MachineSummary, ModelAndKernel) {
  MachineFacts f = typical();
  EXPECT_EQ(machine_summary(f), "AMD EPYC 7763 64-Core Processor · Linux 6.8.0-45-generic");
  f.kernel.clear();
  EXPECT_EQ(machine_summary(f), "AMD EPYC 7763 64-Core Processor");
  f.cpu_model.clear();
  f.kernel = "6.1.0";
  EXPECT_EQ(machine_summary(f), "Linux 6.1.0");
}

TEST(DescribeMachine, PipeMaxSize) {
  MachineFacts f = typical();
  EXPECT_TRUE(contains(fact(describe_machine(f), "pipe-max-size").meaning, "vmsplice buffers up to 2 MiB"));
  f.pipe_max_bytes = 4 * 1048576;
  EXPECT_EQ(fact(describe_machine(f), "pipe-max-size").value, "4 MiB");
  EXPECT_TRUE(contains(fact(describe_machine(f), "pipe-max-size").meaning, "vmsplice buffers up to 8 MiB"));
  f.privileged = true;  // perf privilege says nothing about pipes: CAP_SYS_RESOURCE does
  EXPECT_FALSE(contains(fact(describe_machine(f), "pipe-max-size").meaning, "may go above it"));
  f.pipe_privileged = true;
  EXPECT_TRUE(contains(fact(describe_machine(f), "pipe-max-size").meaning, "may go above it"));
  f.pipe_max_bytes.reset();
  EXPECT_EQ(fact(describe_machine(f), "pipe-max-size").value, "unknown");
}

TEST(DescribeMachine, PerfEventParanoid) {
  MachineFacts f = typical();
  const auto meaning_at = [&f](int level, bool privileged) {
    f.perf_paranoid = level;
    f.privileged = privileged;
    return fact(describe_machine(f), "perf_event_paranoid").meaning;
  };
  EXPECT_TRUE(contains(meaning_at(-1, false), "kernel and user counting allowed"));
  EXPECT_TRUE(contains(meaning_at(1, false), "kernel and user counting allowed"));
  EXPECT_TRUE(contains(meaning_at(2, false), "user-space counting only"));
  EXPECT_TRUE(contains(meaning_at(3, false), "forbidden"));
  EXPECT_TRUE(contains(meaning_at(4, false), "forbidden"));
  EXPECT_TRUE(contains(meaning_at(3, true), "every level is allowed"));
  f.perf_paranoid.reset();
  EXPECT_EQ(fact(describe_machine(f), "perf_event_paranoid").value, "unknown");
}

TEST(DescribeMachine, HardwarePmu) {
  MachineFacts f = typical();
  EXPECT_EQ(fact(describe_machine(f), "hardware PMU").value, "cpu");
  EXPECT_TRUE(contains(fact(describe_machine(f), "hardware PMU").meaning, "can be counted"));
  f.pmus = {"cpu_atom", "cpu_core"};
  EXPECT_EQ(fact(describe_machine(f), "hardware PMU").value, "cpu_atom, cpu_core");
  EXPECT_TRUE(contains(fact(describe_machine(f), "hardware PMU").meaning, "hybrid CPU"));
  f.hardware_pmu = false;
  f.pmus.clear();
  EXPECT_EQ(fact(describe_machine(f), "hardware PMU").value, "not exposed");
  EXPECT_TRUE(contains(fact(describe_machine(f), "hardware PMU").meaning, "cannot be counted"));
}

TEST(DescribeMachine, UnusableCountersGroupedByReason) {
  MachineFacts f = typical();
  f.counters = {{"page-faults", CounterState::counting, ""},
                {"cycles", CounterState::unavailable, "no hardware PMU"},
                {"context-switches", CounterState::user_only, "user-only: perf_event_paranoid=2"},
                {"instructions", CounterState::unavailable, "no hardware PMU"},
                {"dTLB-load-misses", CounterState::unavailable, "not supported by this PMU"},
                {"iTLB-load-misses", CounterState::unavailable, "no hardware PMU"},
                {"weird-event", CounterState::unavailable, ""}};
  const std::vector<Fact> facts = describe_machine(f);
  const std::vector<Fact> unusable = all_named(facts, "counters unusable");
  ASSERT_EQ(unusable.size(), 3u);
  EXPECT_EQ(unusable[0].value, "cycles, instructions, iTLB-load-misses");
  EXPECT_EQ(unusable[0].meaning, "no hardware PMU");
  EXPECT_EQ(unusable[1].value, "dTLB-load-misses");
  EXPECT_EQ(unusable[1].meaning, "not supported by this PMU");
  EXPECT_EQ(unusable[2].value, "weird-event");
  EXPECT_EQ(unusable[2].meaning, "unavailable");
  // They follow the usable ones.
  std::size_t usable_at = 0;
  std::size_t first_unusable_at = 0;
  for (std::size_t i = 0; i < facts.size(); ++i) {
    if (facts[i].name == "counters usable") usable_at = i;
    if (facts[i].name == "counters unusable" && first_unusable_at == 0) first_unusable_at = i;
  }
  EXPECT_EQ(first_unusable_at, usable_at + 1);
}

TEST(DescribeMachine, NoUsableCounters) {
  MachineFacts f = typical();
  f.counters.clear();
  EXPECT_EQ(fact(describe_machine(f), "counters usable").value, "none");
}

TEST(DescribeMachine, Governor) {
  MachineFacts f = typical();
  EXPECT_TRUE(contains(fact(describe_machine(f), "CPU governor").meaning, "steady clocks"));
  f.governor = "powersave";
  EXPECT_TRUE(contains(fact(describe_machine(f), "CPU governor").meaning, "clocks ramp with load"));
  f.governor = "";
  EXPECT_EQ(fact(describe_machine(f), "CPU governor").value, "not exposed");
}

TEST(DescribeMachine, ZeroCopyProbes) {
  MachineFacts f = typical();
  f.vmsplice_works = false;
  f.splice_works = false;
  EXPECT_EQ(fact(describe_machine(f), "vmsplice").value, "FAILS");
  EXPECT_TRUE(contains(fact(describe_machine(f), "vmsplice").meaning, "zero-copy rungs cannot run here"));
  EXPECT_EQ(fact(describe_machine(f), "splice").value, "FAILS");
  f.vmsplice_works.reset();
  f.splice_works.reset();
  EXPECT_EQ(fact(describe_machine(f), "vmsplice").value, "not checked");
  EXPECT_EQ(fact(describe_machine(f), "splice").value, "not checked");
}

}  // namespace
}  // namespace pipetop

// Where the workers go, read from fixture machines: the CPUs this process may use (affinity and
// cgroup cpuset), the default pair and its reason, the rule for an explicit CPU outside them, and the
// placement of N pairs by topology on 2 CPUs, 16 SMT cores, 2 NUMA nodes and 128 CPUs.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fixture_machines.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/core/machine/pair_placement.hpp"
#include "unit/placed_pairs.hpp"

namespace pipetop {
namespace {

using testing::read_fixture;

using testing::count_of_kind;
using testing::cpus_of;

// Every CPU is used once at most, and every pinned CPU is an allowed one.
void expect_disjoint_and_allowed(const MachineFacts& f, const PairPlacement& p) {
  std::vector<int> used;
  for (const PlacedPair& pair : p.pairs) {
    used.push_back(pair.cpus.writer);
    if (pair.kind != PairKind::shared_cpu) used.push_back(pair.cpus.reader);
  }
  std::sort(used.begin(), used.end());
  EXPECT_EQ(std::adjacent_find(used.begin(), used.end()), used.end()) << "a CPU placed twice";
  for (const int cpu : used) {
    EXPECT_TRUE(std::binary_search(f.allowed.cpus.begin(), f.allowed.cpus.end(), cpu)) << cpu;
  }
}

// ---- the CPUs this process may use, and the default pair ------------------------------------------

// Issue 13, failure 4: inside a cpuset of CPU 0, the reader defaulted to CPU 1 and `run` exited 3.
TEST(AllowedCpusFixture, CpusetOfOneCpuIsSharedByWriterAndReader) {
  const MachineFacts f = read_fixture("cpuset-one-cpu");
  EXPECT_EQ(f.allowed.online, (std::vector<int>{0, 1}));
  EXPECT_EQ(f.allowed.affinity, std::optional<std::vector<int>>({0, 1}));
  EXPECT_EQ(f.allowed.cpuset, std::optional<std::vector<int>>(std::vector<int>{0}))
      << "the parent cgroup's, box.scope has none";
  EXPECT_EQ(f.allowed.cpus, (std::vector<int>{0}));
  const PinningChoice pinning = default_pinning(f);
  EXPECT_EQ(pinning.cpus, (CpuPair{0, 0}));
  EXPECT_TRUE(pinning.shared);
  EXPECT_EQ(pinning.reason, "cpu 0→0: only CPU 0 is allowed here (cpuset), writer and reader share it");
}

TEST(AllowedCpusFixture, AnExplicitCpuOutsideTheCpusetIsAnEnvironmentErrorNamingTheAllowedOnes) {
  const MachineLimits limits = machine_limits(read_fixture("cpuset-one-cpu"));
  RunConfig config;
  config.reader_cpu = 1;
  const Result<void> refused = validate(config, limits);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().kind, ExitCode::environment);
  EXPECT_EQ(refused.error().message, "--reader-cpu 1: CPU 1 is not among the CPUs this process may use (cpuset)");
  EXPECT_EQ(refused.error().hint, "allowed CPUs: 0 (or -1 to leave the worker unpinned)");
  config.reader_cpu = 0;
  EXPECT_TRUE(validate(config, limits).has_value());
  config.reader_cpu = kUnpinned;
  EXPECT_TRUE(validate(config, limits).has_value());
}

TEST(AllowedCpusFixture, AffinitySubsetOfSmtSiblingsPinsOnBoth) {
  const MachineFacts f = read_fixture("affinity-subset");
  EXPECT_EQ(f.allowed.cpus, (std::vector<int>{3, 19}));
  EXPECT_EQ(f.allowed.narrowed_by, (std::vector<std::string>{"affinity"}));
  const PinningChoice pinning = default_pinning(f);
  EXPECT_EQ(pinning.cpus, (CpuPair{3, 19}));
  EXPECT_FALSE(pinning.shared);
  EXPECT_EQ(pinning.reason,
            "cpu 3→19: the SMT siblings of one core, as no node has two physical cores among the 2 allowed CPUs "
            "(affinity)");
  EXPECT_EQ(default_pinning(f, 19, std::nullopt).cpus, (CpuPair{19, 3}));
  RunConfig config;
  config.writer_cpu = 0;
  const Result<void> refused = validate(config, machine_limits(f));
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().hint, "allowed CPUs: 3,19 (or -1 to leave the worker unpinned)");
}

TEST(AllowedCpusFixture, PipeLimitAndPageSizeComeFromTheTree) {
  const MachineLimits vm = machine_limits(read_fixture("epyc-vm-2cpu"));
  EXPECT_EQ(vm.pipe_max_bytes, 1048576u);
  EXPECT_FALSE(vm.may_exceed_pipe_max);
  EXPECT_EQ(vm.page_bytes, 4096u);
  EXPECT_EQ(vm.online_cpus, (std::vector<int>{0, 1}));
  EXPECT_EQ(vm.allowed_by, "");
  const MachineLimits numa = machine_limits(read_fixture("numa-2-nodes"));
  EXPECT_TRUE(numa.may_exceed_pipe_max) << "its process holds CAP_SYS_RESOURCE";
  const MachineLimits empty = machine_limits(read_fixture("empty"));
  EXPECT_EQ(empty.pipe_max_bytes, 1024u * 1024) << "the default when unknown";
  EXPECT_TRUE(empty.online_cpus.empty());
}

// ---- N pairs by topology ---------------------------------------------------------------------------

TEST(PlacePairsFixture, TwoCpusFitOnePinnedPair) {
  const MachineFacts f = read_fixture("epyc-vm-2cpu");
  const PairPlacement one = place_pairs(allowed_places(f), 1);
  EXPECT_EQ(cpus_of(one), (std::vector<CpuPair>{{0, 1}}));
  EXPECT_EQ(one.note, "");
  const PairPlacement two = place_pairs(allowed_places(f), 2);
  EXPECT_EQ(cpus_of(two), (std::vector<CpuPair>{{0, 1}}));
  EXPECT_EQ(two.note,
            "2 pairs do not fit the 2 allowed CPUs (2 physical cores) pinned: placing 1 (1 on two physical cores of "
            "one node); to run 2 pairs anyway, leave them unpinned (they will share CPUs)");
}

TEST(PlacePairsFixture, SixteenSmtCoresTakeSeparateCoresThenSiblings) {
  const MachineFacts f = read_fixture("smt-16-cores");
  const std::vector<CpuPlace> allowed = allowed_places(f);
  const PairPlacement eight = place_pairs(allowed, 8);
  EXPECT_EQ(count_of_kind(eight, PairKind::separate_cores), 8);
  EXPECT_EQ(eight.pairs.front().cpus, (CpuPair{0, 1}));
  EXPECT_EQ(eight.pairs.back().cpus, (CpuPair{14, 15}));
  EXPECT_EQ(eight.note, "");
  const PairPlacement nine = place_pairs(allowed, 9);
  EXPECT_EQ(count_of_kind(nine, PairKind::separate_cores), 7);
  EXPECT_EQ(count_of_kind(nine, PairKind::smt_siblings), 2);
  EXPECT_EQ(nine.pairs[7].cpus, (CpuPair{14, 30}));  // core 14's two threads
  EXPECT_EQ(nine.pairs[8].cpus, (CpuPair{15, 31}));
  const PairPlacement sixteen = place_pairs(allowed, 16);
  EXPECT_EQ(count_of_kind(sixteen, PairKind::smt_siblings), 16);
  const PairPlacement too_many = place_pairs(allowed, 17);
  EXPECT_EQ(too_many.pairs.size(), 16u);
  EXPECT_NE(too_many.note.find("17 pairs do not fit the 32 allowed CPUs (16 physical cores) pinned: placing 16"),
            std::string::npos)
      << too_many.note;
  for (const int n : {1, 8, 9, 16, 17}) expect_disjoint_and_allowed(f, place_pairs(allowed, n));
  EXPECT_FALSE(numa_comparison(allowed).has_value()) << "one node";
}

TEST(PlacePairsFixture, TwoNodesFillOneNodeThenTheOther) {
  const MachineFacts f = read_fixture("numa-2-nodes");
  const std::vector<CpuPlace> allowed = allowed_places(f);
  EXPECT_EQ(cpus_of(place_pairs(allowed, 2)), (std::vector<CpuPair>{{0, 1}, {2, 3}}));
  EXPECT_EQ(cpus_of(place_pairs(allowed, 4)), (std::vector<CpuPair>{{0, 1}, {2, 3}, {4, 5}, {6, 7}}));
  EXPECT_EQ(place_pairs(allowed, 5).pairs.size(), 4u) << "no SMT: 8 cores fit 4 pairs";
  const std::optional<NumaComparison> numa = numa_comparison(allowed);
  ASSERT_TRUE(numa.has_value());
  EXPECT_EQ(numa->same_node, (CpuPair{0, 1}));
  EXPECT_EQ(numa->cross_node, (CpuPair{0, 4}));
}

TEST(PlacePairsFixture, OneHundredTwentyEightCpusScaleToSixtyFourPairs) {
  const MachineFacts f = read_fixture("epyc-128");
  const std::vector<CpuPlace> allowed = allowed_places(f);
  for (const int n : {1, 2, 4, 8, 16, 32}) {
    const PairPlacement p = place_pairs(allowed, n);
    EXPECT_EQ(count_of_kind(p, PairKind::separate_cores), n) << n;
    EXPECT_EQ(p.note, "") << n;
    expect_disjoint_and_allowed(f, p);
  }
  const PairPlacement thirty_two = place_pairs(allowed, 32);
  EXPECT_EQ(thirty_two.pairs[15].cpus, (CpuPair{30, 31}));  // node 0 is full
  EXPECT_EQ(thirty_two.pairs[16].cpus, (CpuPair{32, 33}));  // then node 1
  const PairPlacement forty = place_pairs(allowed, 40);
  EXPECT_EQ(count_of_kind(forty, PairKind::separate_cores), 24);
  EXPECT_EQ(count_of_kind(forty, PairKind::smt_siblings), 16);
  expect_disjoint_and_allowed(f, forty);
  const PairPlacement sixty_four = place_pairs(allowed, 64);
  EXPECT_EQ(count_of_kind(sixty_four, PairKind::smt_siblings), 64);
  EXPECT_EQ(sixty_four.pairs.front().cpus, (CpuPair{0, 64}));
  expect_disjoint_and_allowed(f, sixty_four);
  EXPECT_EQ(place_pairs(allowed, 65).pairs.size(), 64u);
  const std::optional<NumaComparison> numa = numa_comparison(allowed);
  ASSERT_TRUE(numa.has_value());
  EXPECT_EQ(numa->same_node, (CpuPair{0, 1}));
  EXPECT_EQ(numa->cross_node, (CpuPair{0, 32}));
}

TEST(PlacePairsFixture, ACpusetOfOneCpuRunsOneSharedPair) {
  const PairPlacement p = place_pairs(allowed_places(read_fixture("cpuset-one-cpu")), 2);
  ASSERT_EQ(p.pairs.size(), 1u);
  EXPECT_EQ(p.pairs[0].kind, PairKind::shared_cpu);
  EXPECT_EQ(p.note,
            "only CPU 0 is allowed: one pair, writer and reader share it; to run 2 pairs anyway, leave them unpinned "
            "(they will share CPUs)");
}

}  // namespace
}  // namespace pipetop

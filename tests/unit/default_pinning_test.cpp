// choose_pinning: the default CPUs of one pair, chosen from the CPUs this process may use, and the
// reason in words; the machine shapes the fixture trees cannot show (shuffled numbering, one side
// fixed, one CPU, none known).

#include "pipetop/core/machine/default_pinning.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {
namespace {

// 4 CPUs, 2 cores with 2 SMT threads each, numbered as Intel does: siblings are n and n + 2.
std::vector<CpuPlace> intel_smt() {
  return {{0, 0, 0, 0}, {1, 0, 1, 0}, {2, 0, 0, 0}, {3, 0, 1, 0}};
}
// Siblings numbered next to each other (0,1 on core 0; 2,3 on core 1).
std::vector<CpuPlace> adjacent_smt() {
  return {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 1, 0}, {3, 0, 1, 0}};
}

PinningChoice unset(const std::vector<CpuPlace>& allowed, const std::string& narrowed_by = "") {
  return choose_pinning(allowed, narrowed_by, std::nullopt, std::nullopt);
}

TEST(ChoosePinning, BothUnsetTakeTwoPhysicalCores) {
  EXPECT_EQ(unset(intel_smt()).cpus, (CpuPair{0, 1}));
  EXPECT_EQ(unset(adjacent_smt()).cpus, (CpuPair{0, 2}));
  const PinningChoice two = unset({{0, 0, 0, 0}, {1, 0, 1, 0}});
  EXPECT_EQ(two.reason, "cpu 0→1: two physical cores of the 2 allowed CPUs");
  EXPECT_FALSE(two.shared);
}

TEST(ChoosePinning, LowestIsByNumberNotListOrder) {
  const std::vector<CpuPlace> shuffled = {{5, 0, 1, 0}, {4, 0, 0, 0}, {7, 0, 1, 0}, {6, 0, 0, 0}};
  EXPECT_EQ(unset(shuffled).cpus, (CpuPair{4, 5}));
}

TEST(ChoosePinning, SameCoreIdOnAnotherPackageIsAnotherCore) {
  const std::vector<CpuPlace> two_sockets = {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 1, 0, 0}, {3, 1, 0, 0}};
  EXPECT_EQ(unset(two_sockets).cpus, (CpuPair{0, 2}));
}

TEST(ChoosePinning, SiblingsWhenOnlyOneCoreIsAllowed) {
  const PinningChoice siblings = unset({{3, 0, 3, 0}, {19, 0, 3, 0}}, "affinity");
  EXPECT_EQ(siblings.cpus, (CpuPair{3, 19}));
  EXPECT_EQ(siblings.reason,
            "cpu 3→19: the SMT siblings of one core, as no node has two physical cores among the 2 allowed CPUs "
            "(affinity)");
  EXPECT_FALSE(siblings.shared);
}

TEST(ChoosePinning, AcrossNodesWhenNoNodeHasTwo) {
  const PinningChoice across = unset({{0, 0, 0, 0}, {8, 1, 0, 1}}, "cpuset");
  EXPECT_EQ(across.cpus, (CpuPair{0, 8}));
  EXPECT_EQ(across.reason, "cpu 0→8: across NUMA nodes 0 and 1, as no node has two of the 2 allowed CPUs (cpuset)");
}

TEST(ChoosePinning, NamesTheNodeOnAMachineWithSeveral) {
  const std::vector<CpuPlace> two_nodes = {{0, 0, 0, 0}, {1, 0, 1, 0}, {2, 1, 0, 1}, {3, 1, 1, 1}};
  EXPECT_EQ(unset(two_nodes).reason, "cpu 0→1: two physical cores of NUMA node 0 of the 4 allowed CPUs");
}

// Issue 13, failure 4: inside a cpuset of CPU 0 the reader went to CPU 1 and the run exited 3.
TEST(ChoosePinning, OneAllowedCpuIsSharedWithANote) {
  const PinningChoice cpuset = unset({{0, 0, 0, 0}}, "cpuset");
  EXPECT_EQ(cpuset.cpus, (CpuPair{0, 0}));
  EXPECT_EQ(cpuset.reason, "cpu 0→0: only CPU 0 is allowed here (cpuset), writer and reader share it");
  EXPECT_TRUE(cpuset.shared);
  EXPECT_EQ(unset({{0, 0, 0, 0}}).reason, "cpu 0→0: only CPU 0 is online, writer and reader share it");
}

TEST(ChoosePinning, NothingKnownLeavesBothUnpinned) {
  const PinningChoice none = unset({});
  EXPECT_EQ(none.cpus, (CpuPair{kUnpinned, kUnpinned}));
  EXPECT_TRUE(none.shared);
  EXPECT_EQ(none.reason, "cpu any→any: the CPUs this process may use could not be read, so the scheduler places both");
}

TEST(ChoosePinning, OneSideFixedTakesThePartnerOnAnotherCore) {
  const PinningChoice writer_fixed = choose_pinning(adjacent_smt(), "", 3, std::nullopt);
  EXPECT_EQ(writer_fixed.cpus, (CpuPair{3, 0}));
  EXPECT_EQ(writer_fixed.reason, "cpu 3→0: the reader on another physical core of the writer's node");
  const PinningChoice reader_fixed = choose_pinning(adjacent_smt(), "", std::nullopt, 0);
  EXPECT_EQ(reader_fixed.cpus, (CpuPair{2, 0}));
  EXPECT_EQ(reader_fixed.reason, "cpu 2→0: the writer on another physical core of the reader's node");
  EXPECT_EQ(choose_pinning(intel_smt(), "", 2, std::nullopt).cpus, (CpuPair{2, 1}));
}

TEST(ChoosePinning, OneSideFixedFallsBackToItsSiblingThenAnotherNodeThenItself) {
  const PinningChoice sibling = choose_pinning({{0, 0, 0, 0}, {1, 0, 0, 0}}, "", 1, std::nullopt);
  EXPECT_EQ(sibling.cpus, (CpuPair{1, 0}));
  EXPECT_EQ(sibling.reason,
            "cpu 1→0: the reader on the writer's SMT sibling, as no other physical core of its node is allowed");
  const PinningChoice across = choose_pinning({{0, 0, 0, 0}, {8, 1, 0, 1}}, "", std::nullopt, 8);
  EXPECT_EQ(across.cpus, (CpuPair{0, 8}));
  EXPECT_EQ(across.reason, "cpu 0→8: the writer on NUMA node 0, as no other CPU of the reader's node 1 is allowed");
  const PinningChoice alone = choose_pinning({{0, 0, 0, 0}}, "affinity", 0, std::nullopt);
  EXPECT_EQ(alone.cpus, (CpuPair{0, 0}));
  EXPECT_TRUE(alone.shared);
  EXPECT_EQ(alone.reason, "cpu 0→0: the reader shares the writer's CPU, as no other CPU is allowed (affinity)");
}

TEST(ChoosePinning, OneSideUnpinnedLeavesTheOtherUnpinned) {
  const PinningChoice writer_unpinned = choose_pinning(intel_smt(), "", kUnpinned, std::nullopt);
  EXPECT_EQ(writer_unpinned.cpus, (CpuPair{kUnpinned, kUnpinned}));
  EXPECT_EQ(writer_unpinned.reason,
            "cpu any→any: the writer was asked unpinned, so the reader is left to the scheduler too");
  EXPECT_EQ(choose_pinning(intel_smt(), "", std::nullopt, kUnpinned).cpus, (CpuPair{kUnpinned, kUnpinned}));
}

TEST(ChoosePinning, BothSetAreKeptAsAsked) {
  const PinningChoice asked = choose_pinning(adjacent_smt(), "", 1, 0);
  EXPECT_EQ(asked.cpus, (CpuPair{1, 0}));
  EXPECT_EQ(asked.reason, "cpu 1→0: as asked");
  EXPECT_EQ(choose_pinning(adjacent_smt(), "", kUnpinned, 2).reason, "cpu any→2: as asked");
}

}  // namespace
}  // namespace pipetop

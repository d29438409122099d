// place_pairs and numa_comparison on hand-made topologies: the order of preference (separate cores
// of one node, SMT siblings, across nodes), what is done when the CPUs are too few, and the notes.
// The fixture machines (2 CPUs, 16 SMT cores, 2 nodes, 128 CPUs) are in tests/system.

#include "pipetop/core/machine/pair_placement.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "placed_pairs.hpp"

namespace pipetop {
namespace {

// `cores` physical cores per node on `nodes` nodes, `threads` each; Linux numbering: every core's
// first thread first (node by node), then the second threads in the same order.
std::vector<CpuPlace> machine(int nodes, int cores, int threads) {
  std::vector<CpuPlace> places;
  for (int t = 0; t < threads; ++t) {
    for (int n = 0; n < nodes; ++n) {
      for (int c = 0; c < cores; ++c) {
        places.push_back({t * nodes * cores + n * cores + c, n, c, n});
      }
    }
  }
  return places;
}

using testing::count_of_kind;
using testing::cpus_of;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(PlacePairs, SeparateCoresOfOneNodeFirstWithNoNote) {
  const PairPlacement p = place_pairs(machine(1, 4, 1), 2);
  EXPECT_EQ(cpus_of(p), (std::vector<CpuPair>{{0, 1}, {2, 3}}));
  EXPECT_EQ(count_of_kind(p, PairKind::separate_cores), 2);
  EXPECT_EQ(p.note, "");
}

TEST(PlacePairs, FillsTheFirstNodeBeforeTheNext) {
  const PairPlacement p = place_pairs(machine(2, 4, 1), 3);
  EXPECT_EQ(cpus_of(p), (std::vector<CpuPair>{{0, 1}, {2, 3}, {4, 5}}));
  EXPECT_EQ(p.note, "");
}

TEST(PlacePairs, ThenSmtSiblingsSplittingTheLastSeparatePairs) {
  // 4 cores x 2 threads: 2 pairs on separate cores; a third pair splits the last of them in two.
  const PairPlacement p = place_pairs(machine(1, 4, 2), 3);
  EXPECT_EQ(cpus_of(p), (std::vector<CpuPair>{{0, 1}, {2, 6}, {3, 7}}));
  EXPECT_EQ(count_of_kind(p, PairKind::separate_cores), 1);
  EXPECT_EQ(count_of_kind(p, PairKind::smt_siblings), 2);
  EXPECT_EQ(p.note,
            "3 pairs on the 8 allowed CPUs (4 physical cores): 1 on two physical cores of one node, 2 on the SMT "
            "siblings of one core");
  // Every core holds one pair at most, and no CPU is used twice.
  const PairPlacement full = place_pairs(machine(1, 4, 2), 4);
  EXPECT_EQ(count_of_kind(full, PairKind::smt_siblings), 4);
}

TEST(PlacePairs, AnOddSmtCoreGivesSiblingsBeforeAnyPairIsSplit) {
  const PairPlacement p = place_pairs(machine(1, 3, 2), 2);
  EXPECT_EQ(cpus_of(p), (std::vector<CpuPair>{{0, 1}, {2, 5}}));
  EXPECT_EQ(count_of_kind(p, PairKind::smt_siblings), 1);
}

TEST(PlacePairs, ThenAcrossNodesWithTheOddCoresLeft) {
  // Two nodes of three cores, no SMT: a pair per node, then node 0's last core with node 1's.
  const PairPlacement p = place_pairs(machine(2, 3, 1), 3);
  EXPECT_EQ(cpus_of(p), (std::vector<CpuPair>{{0, 1}, {3, 4}, {2, 5}}));
  EXPECT_EQ(count_of_kind(p, PairKind::cross_node), 1);
  EXPECT_TRUE(contains(p.note, "1 across NUMA nodes")) << p.note;
}

TEST(PlacePairs, TooFewCpusPlacesWhatFitsAndOffersUnpinned) {
  const PairPlacement p = place_pairs(machine(1, 2, 1), 2);  // our 2-CPU machines
  EXPECT_EQ(cpus_of(p), (std::vector<CpuPair>{{0, 1}}));
  EXPECT_EQ(p.note,
            "2 pairs do not fit the 2 allowed CPUs (2 physical cores) pinned: placing 1 (1 on two physical cores of "
            "one node); to run 2 pairs anyway, leave them unpinned (they will share CPUs)");
  const PairPlacement odd = place_pairs(machine(1, 3, 1), 2);
  EXPECT_EQ(odd.pairs.size(), 1u);
  EXPECT_TRUE(contains(odd.note, "do not fit the 3 allowed CPUs (3 physical cores)")) << odd.note;
}

TEST(PlacePairs, OneCpuIsSharedByOnePair) {
  const PairPlacement one = place_pairs({{5, 0, 5, 0}}, 1);
  ASSERT_EQ(one.pairs.size(), 1u);
  EXPECT_EQ(one.pairs[0].cpus, (CpuPair{5, 5}));
  EXPECT_EQ(one.pairs[0].kind, PairKind::shared_cpu);
  EXPECT_EQ(one.note, "only CPU 5 is allowed: one pair, writer and reader share it");
  const PairPlacement three = place_pairs({{5, 0, 5, 0}}, 3);
  EXPECT_EQ(three.pairs.size(), 1u);
  EXPECT_TRUE(contains(three.note, "to run 3 pairs anyway, leave them unpinned")) << three.note;
}

TEST(PlacePairs, NoCpuKnownLeavesEveryPairUnpinned) {
  const PairPlacement p = place_pairs({}, 2);
  ASSERT_EQ(p.pairs.size(), 2u);
  for (const PlacedPair& pair : p.pairs) {
    EXPECT_EQ(pair.cpus, (CpuPair{kUnpinned, kUnpinned}));
    EXPECT_EQ(pair.kind, PairKind::unpinned);
  }
  EXPECT_EQ(p.note, "the CPUs this process may use could not be read: 2 pairs left unpinned, placed by the scheduler");
}

// Issue 21: --pairs 1024 unpinned took minutes to start on two CPUs and ignored SIGTERM meanwhile.
// Unpinned pairs are capped at what the machine starts in a few seconds, and the note says so.
TEST(PlacePairs, UnpinnedPairsAreCappedByTheCpusAndTheNoteSaysSo) {
  RunConfig unpinned;
  unpinned.writer_cpu = kUnpinned;
  unpinned.reader_cpu = kUnpinned;
  const PairPlacement p = place_pairs_as_asked(unpinned, machine(1, 2, 1), 1024);
  ASSERT_EQ(p.pairs.size(), static_cast<std::size_t>(2 * kUnpinnedPairsPerCpu));
  EXPECT_EQ(p.pairs.front().kind, PairKind::unpinned);
  EXPECT_NE(p.note.find(std::to_string(2 * kUnpinnedPairsPerCpu) +
                        " of the 1024 asked run, the most this machine starts in a few seconds (" +
                        std::to_string(kUnpinnedPairsPerCpu) + " per allowed CPU, 2 CPUs)"),
            std::string::npos)
      << p.note;
  const std::string notice = placement_notice(p, 1024, "pipetop run");
  EXPECT_EQ(notice.find("hint:"), std::string::npos) << "unpinned already: " << notice;
  EXPECT_EQ(place_pairs_as_asked(unpinned, machine(1, 2, 1), 8).pairs.size(), 8u) << "below the cap: all";
}

TEST(PlacePairs, AtLeastOnePair) {
  EXPECT_EQ(place_pairs(machine(1, 2, 1), 0).pairs.size(), 1u);
  EXPECT_EQ(place_pairs(machine(1, 2, 1), -3).pairs.size(), 1u);
}

TEST(PartnerOf, PrefersAnotherCoreOfTheNodeThenTheSiblingThenAnotherNode) {
  const std::vector<CpuPlace> two_nodes_smt = machine(2, 2, 2);  // node 0: cores {0,4} {1,5}; node 1: {2,6} {3,7}
  EXPECT_EQ(partner_of(two_nodes_smt, 4).cpus, (CpuPair{4, 1}));
  EXPECT_EQ(partner_of(two_nodes_smt, 4).kind, PairKind::separate_cores);
  const std::vector<CpuPlace> node0_one_core = {{0, 0, 0, 0}, {4, 0, 0, 0}, {2, 1, 0, 1}};
  EXPECT_EQ(partner_of(node0_one_core, 0).cpus, (CpuPair{0, 4}));
  EXPECT_EQ(partner_of(node0_one_core, 0).kind, PairKind::smt_siblings);
  EXPECT_EQ(partner_of(node0_one_core, 2).cpus, (CpuPair{2, 0}));
  EXPECT_EQ(partner_of(node0_one_core, 2).kind, PairKind::cross_node);
}

TEST(NumaComparison, SameWriterOneNodeOrAcrossTwo) {
  const std::optional<NumaComparison> c = numa_comparison(machine(2, 4, 2));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->same_node, (CpuPair{0, 1}));
  EXPECT_EQ(c->cross_node, (CpuPair{0, 4}));
}

TEST(NumaComparison, NoneOnOneNode) {
  EXPECT_FALSE(numa_comparison(machine(1, 8, 2)).has_value());
}

TEST(NumaComparison, SkipsANodeWithOneCpu) {
  const std::optional<NumaComparison> c = numa_comparison({{0, 0, 0, 0}, {4, 1, 0, 1}, {5, 1, 1, 1}});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->same_node, (CpuPair{4, 5}));
  EXPECT_EQ(c->cross_node, (CpuPair{4, 0}));
  EXPECT_FALSE(numa_comparison({{0, 0, 0, 0}, {4, 1, 0, 1}}).has_value());
}

TEST(PairKindNames, AreStable) {
  EXPECT_STREQ(to_string(PairKind::separate_cores), "separate_cores");
  EXPECT_STREQ(to_string(PairKind::smt_siblings), "smt_siblings");
  EXPECT_STREQ(to_string(PairKind::cross_node), "cross_node");
  EXPECT_STREQ(to_string(PairKind::shared_cpu), "shared_cpu");
  EXPECT_STREQ(to_string(PairKind::unpinned), "unpinned");
}

}  // namespace
}  // namespace pipetop

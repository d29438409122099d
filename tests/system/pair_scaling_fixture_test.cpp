// check --pairs on the fixture machines (2 CPUs, 16 SMT cores, 2 NUMA nodes, 128 CPUs) with a fake
// engine: the steps run (1, 2, 4, ... N pairs at once), the CPUs each pair gets, the aggregate and the
// efficiency, same node against cross node where there are two nodes, and what a machine too small
// for the pairs asked does instead.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fixture_machines.hpp"
#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/core/report/pair_scaling_report.hpp"

namespace pipetop {
namespace {

using testing::read_fixture;

// Every pair alone moves 4 GiB/s (2 when writer and reader sit on different nodes); running n pairs at
// once costs each 5% per other pair (the shared memory bus). Records each group it was asked to run.
class FakePairGroupRunner final : public PairGroupRunner {
 public:
  explicit FakePairGroupRunner(const MachineFacts& machine) : machine_(machine) {}

  PairsRun run_together(const std::vector<RunConfig>& configs, std::int64_t duration_ns) override {
    groups.push_back(configs);
    durations.push_back(duration_ns);
    PairsRun run;
    double total = 0;
    for (const RunConfig& c : configs) {
      Trial t;
      SegmentStart start;
      start.config = c;
      t.outcome.segment = SegmentAggregate(start);
      const double alone = node_of(*c.writer_cpu) == node_of(*c.reader_cpu) ? 4.0 : 2.0;
      t.summary.throughput.gib_per_s = alone * (1 - 0.05 * static_cast<double>(configs.size() - 1));
      total += *t.summary.throughput.gib_per_s;
      run.trials.push_back(t);
    }
    run.total_gib_per_s = total;
    return run;
  }

  std::vector<std::vector<RunConfig>> groups;
  std::vector<std::int64_t> durations;

 private:
  int node_of(int cpu) const {
    for (const CpuPlace& p : machine_.topology) {
      if (p.cpu == cpu) return p.node;
    }
    return -1;
  }
  const MachineFacts& machine_;
};

std::vector<std::size_t> step_sizes(const PairScaling& s) {
  std::vector<std::size_t> sizes;
  for (const PairsStep& step : s.steps) sizes.push_back(step.pairs.size());
  return sizes;
}

// No CPU is given to two pairs in one step.
void expect_disjoint(const PairsStep& step) {
  std::vector<int> used;
  for (const PlacedPair& p : step.pairs) {
    used.push_back(p.cpus.writer);
    used.push_back(p.cpus.reader);
  }
  std::sort(used.begin(), used.end());
  EXPECT_EQ(std::adjacent_find(used.begin(), used.end()), used.end());
}

TEST(PairScalingFixture, TwoCpusRunTheOnePairThatFitsAndSaySo) {
  const MachineFacts f = read_fixture("epyc-vm-2cpu");
  FakePairGroupRunner runner(f);
  const PairScaling s = run_pair_scaling(runner, RunConfig{}, allowed_places(f), 4, kNsPerS, {});
  EXPECT_EQ(step_sizes(s), (std::vector<std::size_t>{1}));
  ASSERT_EQ(runner.groups.size(), 1u);
  EXPECT_EQ(runner.groups[0][0].writer_cpu, 0);
  EXPECT_EQ(runner.groups[0][0].reader_cpu, 1);
  EXPECT_NE(s.placement.note.find("4 pairs do not fit"), std::string::npos) << s.placement.note;
  EXPECT_FALSE(s.same_node.has_value());
  const std::string text = pair_scaling_text(s);
  EXPECT_NE(text.find("note: 4 pairs do not fit"), std::string::npos) << text;
}

// Unpinned on both sides (--writer-cpu -1 --reader-cpu -1): every pair asked runs, left to the scheduler.
class UnpinnedGroupRunner final : public PairGroupRunner {
 public:
  PairsRun run_together(const std::vector<RunConfig>& configs, std::int64_t /*duration_ns*/) override {
    sizes.push_back(configs.size());
    for (const RunConfig& c : configs) {
      EXPECT_EQ(c.writer_cpu, kUnpinned);
      EXPECT_EQ(c.reader_cpu, kUnpinned);
    }
    return {std::vector<Trial>(configs.size()), std::nullopt};
  }
  std::vector<std::size_t> sizes;
};

TEST(PairScalingFixture, TwoCpusUnpinnedRunEveryPairAsked) {
  const MachineFacts f = read_fixture("epyc-vm-2cpu");
  UnpinnedGroupRunner runner;
  RunConfig unpinned;
  unpinned.writer_cpu = kUnpinned;
  unpinned.reader_cpu = kUnpinned;
  const PairScaling s = run_pair_scaling(runner, unpinned, allowed_places(f), 3, kNsPerS, {});
  EXPECT_EQ(runner.sizes, (std::vector<std::size_t>{1, 2, 3}));
  EXPECT_NE(s.placement.note.find("unpinned as asked"), std::string::npos) << s.placement.note;
}

TEST(PairScalingFixture, SixteenSmtCoresTakeSeparateCoresFirst) {
  const MachineFacts f = read_fixture("smt-16-cores");
  FakePairGroupRunner runner(f);
  std::vector<std::string> progress;
  const PairScaling s = run_pair_scaling(runner, RunConfig{}, allowed_places(f), 8, 2 * kNsPerS,
                                         [&progress](const std::string& what) { progress.push_back(what); });
  EXPECT_EQ(step_sizes(s), (std::vector<std::size_t>{1, 2, 4, 8}));
  EXPECT_EQ(progress, (std::vector<std::string>{"1 pair", "2 pairs", "4 pairs", "8 pairs"}));
  EXPECT_TRUE(s.placement.note.empty()) << s.placement.note;
  for (const PairsStep& step : s.steps) {
    expect_disjoint(step);
    for (const PlacedPair& p : step.pairs) EXPECT_EQ(p.kind, PairKind::separate_cores);
  }
  EXPECT_EQ(runner.durations, (std::vector<std::int64_t>(4, 2 * kNsPerS)));
  // 8 pairs: each 4 × 0.65, together 20.8 GiB/s; efficiency 20.8 / (8 × 4).
  const PairsStep& eight = s.steps.back();
  ASSERT_TRUE(eight.aggregate_gib_per_s().has_value());
  EXPECT_NEAR(*eight.aggregate_gib_per_s(), 20.8, 1e-9);
  EXPECT_NEAR(*scaling_efficiency(eight, s.steps.front()), 0.65, 1e-9);
}

TEST(PairScalingFixture, TwoNumaNodesCompareSameNodeWithCrossNode) {
  const MachineFacts f = read_fixture("numa-2-nodes");
  FakePairGroupRunner runner(f);
  const PairScaling s = run_pair_scaling(runner, RunConfig{}, allowed_places(f), 2, kNsPerS, {});
  ASSERT_TRUE(s.same_node.has_value());
  ASSERT_TRUE(s.cross_node.has_value());
  EXPECT_EQ(s.same_node->aggregate_gib_per_s(), 4.0);
  EXPECT_EQ(s.cross_node->aggregate_gib_per_s(), 2.0);
  EXPECT_EQ(s.cross_node->pairs.front().kind, PairKind::cross_node);
  EXPECT_EQ(s.cross_node->pairs.front().cpus.writer, s.same_node->pairs.front().cpus.writer);
  const std::string text = pair_scaling_text(s);
  EXPECT_NE(text.find("cross node"), std::string::npos) << text;
}

TEST(PairScalingFixture, OneHundredTwentyEightCpusScaleToSixtyFourPairs) {
  const MachineFacts f = read_fixture("epyc-128");
  FakePairGroupRunner runner(f);
  const PairScaling s = run_pair_scaling(runner, RunConfig{}, allowed_places(f), 64, kNsPerS, {});
  EXPECT_EQ(step_sizes(s), (std::vector<std::size_t>{1, 2, 4, 8, 16, 32, 64}));
  for (const PairsStep& step : s.steps) expect_disjoint(step);
  EXPECT_EQ(s.steps.back().trials().size(), 64u);
}

TEST(PairScaling, CountsAndEfficiency) {
  EXPECT_EQ(scaling_counts(1), (std::vector<std::size_t>{1}));
  EXPECT_EQ(scaling_counts(3), (std::vector<std::size_t>{1, 2, 3}));
  EXPECT_EQ(scaling_counts(6), (std::vector<std::size_t>{1, 2, 4, 6}));
  PairsStep failed{{{{0, 1}, PairKind::separate_cores}}, {{Trial{}}, std::nullopt}};
  failed.run.trials[0].error = runtime_error("EPIPE");
  EXPECT_FALSE(failed.aggregate_gib_per_s().has_value());
  EXPECT_FALSE(scaling_efficiency(failed, failed).has_value());
}

// --scaling: as many pairs as the allowed CPUs hold pinned, each CPU once.
TEST(PairScalingFixture, PairsThatFitEachMachine) {
  EXPECT_EQ(pairs_that_fit(allowed_places(read_fixture("epyc-vm-2cpu"))), 1);
  EXPECT_EQ(pairs_that_fit(allowed_places(read_fixture("cpuset-one-cpu"))), 1);
  EXPECT_EQ(pairs_that_fit(allowed_places(read_fixture("smt-16-cores"))), 16);
  EXPECT_EQ(pairs_that_fit(allowed_places(read_fixture("numa-2-nodes"))), 4);
  EXPECT_EQ(pairs_that_fit(allowed_places(read_fixture("epyc-128"))), 64);
  const std::vector<CpuPlace> allowed = allowed_places(read_fixture("smt-16-cores"));
  EXPECT_TRUE(place_pairs(allowed, pairs_that_fit(allowed)).note.find("do not fit") == std::string::npos);
}

TEST(ParsePairs, FromOneTo1024) {
  EXPECT_EQ(*parse_pairs("1"), 1);
  EXPECT_EQ(*parse_pairs("64"), 64);
  for (const char* bad : {"", "0", "-2", "1025", "two", "4x"}) {
    ASSERT_FALSE(parse_pairs(bad).has_value()) << bad;
    EXPECT_EQ(parse_pairs(bad).error().kind, ExitCode::usage) << bad;
  }
}

}  // namespace
}  // namespace pipetop

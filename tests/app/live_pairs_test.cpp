// LivePairs' changes on fixture machines, before any pair is polled (so nothing is forked): every
// pair gets the configuration on its own CPUs as the pinning key asks, and a pinned mode the pairs
// do not all fit is refused with the reason, changing nothing.

#include "pipetop/app/live_pairs.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/machine/machine_limits.hpp"
#include "system/fixture_machines.hpp"

namespace pipetop {
namespace {

using testing::read_fixture;

struct Planned {
  std::vector<WorkerPlan> plans;
  std::vector<CpuPair> pinned;
};

// `pairs` pairs of `config` on `fixture`, placed as the dashboard places them.
Planned plan(const std::string& fixture, RunConfig config, int pairs) {
  const MachineFacts facts = read_fixture(fixture);
  const PairPlacement placement = place_pairs_as_asked(config, allowed_places(facts), pairs);
  Result<std::vector<WorkerPlan>> plans = plan_pairs(config, facts, placement);
  EXPECT_TRUE(plans.has_value()) << plans.error().message;
  Planned p{plans ? std::move(*plans) : std::vector<WorkerPlan>{}, {}};
  for (const PlacedPair& placed : place_pairs(allowed_places(facts), pairs).pairs) p.pinned.push_back(placed.cpus);
  return p;
}

RunConfig on(int writer, int reader) {
  RunConfig config;
  config.writer_cpu = writer;
  config.reader_cpu = reader;
  return config;
}

TEST(LivePairs, EachPairRunsTheChangeOnItsOwnCpus) {
  Planned p = plan("smt-16-cores", RunConfig{}, 2);
  ASSERT_EQ(p.plans.size(), 2U);
  ASSERT_EQ(p.pinned.size(), 2U);
  const CpuPair second = p.pinned[1];
  const SystemFiles files("/");
  LivePairs pairs(std::move(p.plans), p.pinned, files);
  RunConfig next = pairs.config();
  next.writer = WriterKind::vmsplice;
  ASSERT_TRUE(pairs.change(next).has_value());
  EXPECT_EQ(pairs.config().writer, WriterKind::vmsplice);
  std::vector<PairFigure> figures = pairs.pair_figures();
  ASSERT_EQ(figures.size(), 2U);
  EXPECT_EQ(figures[1].cpus, second);
  EXPECT_FALSE(figures[1].gib_per_s) << "nothing ran yet";
  // The pinning key's "one CPU each": every pair on its writer's CPU.
  next.reader_cpu = next.writer_cpu;
  ASSERT_TRUE(pairs.change(next).has_value());
  figures = pairs.pair_figures();
  EXPECT_EQ(figures[1].cpus, (CpuPair{second.writer, second.writer}));
  // Unpinned: every pair.
  ASSERT_TRUE(pairs.change(on(kUnpinned, kUnpinned)).has_value());
  for (const PairFigure& f : pairs.pair_figures()) EXPECT_EQ(f.cpus, (CpuPair{kUnpinned, kUnpinned}));
  EXPECT_EQ(pairs.phase(), PairPhase::starting);
}

TEST(LivePairs, PinningPairsThatDoNotFitIsRefusedAndChangesNothing) {
  Planned p = plan("epyc-vm-2cpu", on(kUnpinned, kUnpinned), 2);
  ASSERT_EQ(p.plans.size(), 2U) << "unpinned, every pair asked runs";
  const SystemFiles files("/");
  LivePairs pairs(std::move(p.plans), {}, files);  // two pairs do not fit pinned on 2 CPUs
  for (const RunConfig& pinned : {on(0, 1), on(0, 0)}) {
    const Result<void> changed = pairs.change(pinned);
    ASSERT_FALSE(changed.has_value());
    EXPECT_EQ(changed.error().message, "2 pairs do not fit pinned on the CPUs allowed");
    EXPECT_EQ(changed.error().hint, "they stay unpinned");
  }
  for (const PairFigure& f : pairs.pair_figures()) EXPECT_EQ(f.cpus, (CpuPair{kUnpinned, kUnpinned}));
}

}  // namespace
}  // namespace pipetop

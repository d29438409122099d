#pragma once
// `check --pairs N`: how throughput scales when N writer/reader pairs run at once, each on its own
// pipe, placed by topology (pair_placement.hpp). Runs 1, 2, 4, ... pairs up to the N that fit, each
// step's aggregate against that many times one pair's figure (the efficiency), and, on a machine with
// two or more NUMA nodes, one pair on one node against one pair across nodes. The engine is a seam,
// so the steps and the figures are tested with a fake one.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/machine/cpu_topology.hpp"
#include "pipetop/core/machine/pair_placement.hpp"

namespace pipetop {

// Pairs that ran at once: each pair's trial, and their total.
struct PairsRun {
  std::vector<Trial> trials;  // one per configuration, in order
  // The pairs' total (pairs_aggregate.hpp: their samples summed); none when one of them moved nothing.
  std::optional<double> total_gib_per_s;
};

class PairGroupRunner {
 public:
  virtual ~PairGroupRunner() = default;
  // Runs every configuration at once for `duration_ns`. Never throws: a group that could not start
  // comes back with every trial's error set to why, and no total.
  [[nodiscard]] virtual PairsRun run_together(const std::vector<RunConfig>& configs, std::int64_t duration_ns) = 0;
};

struct PairsStep {
  std::vector<PlacedPair> pairs;
  PairsRun run;
  [[nodiscard]] const std::vector<Trial>& trials() const { return run.trials; }
  [[nodiscard]] std::optional<double> aggregate_gib_per_s() const { return run.total_gib_per_s; }
};

struct PairScaling {
  int asked = 0;                        // --pairs
  PairPlacement placement;              // the pairs that fit, pinned, and the note when fewer than asked
  std::vector<PairsStep> steps;         // 1, 2, 4, ... placement.pairs.size() pairs
  std::optional<PairsStep> same_node;   // with two or more NUMA nodes: one pair on one node
  std::optional<PairsStep> cross_node;  // the same writer CPU, the reader on another node
};

// 1, 2, 4, ... below `pairs`, then `pairs` itself: {1}, {1, 2}, {1, 2, 3}, {1, 2, 4, 6}.
[[nodiscard]] std::vector<std::size_t> scaling_counts(std::size_t pairs);

// A step's aggregate over `step.pairs.size()` times `one`'s (the first step's) figure; none when
// either moved nothing.
[[nodiscard]] std::optional<double> scaling_efficiency(const PairsStep& step, const PairsStep& one);

// Called before each step: what it runs ("4 pairs", "same node", "cross node").
using PairsProgress = std::function<void(const std::string& what)>;

// Places `pairs` (at least 1) on `allowed`, then runs every step of scaling_counts() with `base`'s
// strategy on each pair's CPUs for `duration_ns`. When fewer pairs fit than asked, runs those that
// fit (the placement's note says so). With `base` unpinned on both sides (--writer-cpu -1
// --reader-cpu -1), runs all `pairs` unpinned, left to the scheduler.
[[nodiscard]] PairScaling run_pair_scaling(PairGroupRunner& runner, const RunConfig& base,
                                           const std::vector<CpuPlace>& allowed, int pairs, std::int64_t duration_ns,
                                           const PairsProgress& progress);

// The most pairs `allowed` holds pinned, each CPU used once (at least 1): what --scaling asks for.
[[nodiscard]] int pairs_that_fit(const std::vector<CpuPlace>& allowed);

// --pairs's value: a whole number from 1 to 1024. Fails with a usage error naming the text otherwise.
[[nodiscard]] Result<int> parse_pairs(std::string_view text);

}  // namespace pipetop

#pragma once
// The dashboard's view of N pairs at once (--pairs N): every pair's samples summed into the samples of
// one aggregate pair, so the chart, the readout and the counters show the aggregate with the same
// code as one pair; and each pair's own rate for the per-pair strip. Pure.
//
// The pairs sample at their own instants, so they are summed where every pair has a sample on both
// sides: at each of the first pair's sample instants, every other pair's cumulative figures are
// interpolated linearly between its two samples around it (samples are --interval apart: 10 ms by
// default). The pipe's
// fill is the pairs' mean, as each pipe has the same size.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <vector>

#include "pipetop/core/figures/process_times.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

class PairsMerge {
 public:
  // `pairs` at least 1; `rate_window_ns`: the span each pair's own rate is measured over.
  PairsMerge(std::size_t pairs, std::int64_t rate_window_ns);

  // A new segment: every pair starts again from zero, and nothing of the previous one is summed.
  void restart();

  // A sample of `pair`'s worker `role`, in that worker's time order.
  void add(std::size_t pair, WorkerRole role, const Sample& sample);

  // The sums over the pairs at each instant of the first pair's `role` worker that every pair has
  // reached and that was not summed before, in time order; empty before each pair has a sample there.
  [[nodiscard]] std::vector<Sample> merged(WorkerRole role);

  // `pair`'s reader rate in GiB/s over its samples of the last rate window; nullopt before it has two
  // samples in the current segment.
  [[nodiscard]] std::optional<double> gib_per_s(std::size_t pair) const;

  [[nodiscard]] std::size_t pairs() const { return pairs_.size(); }

 private:
  struct Worker {
    std::deque<Sample> recent;  // from the last one at or before the last instant summed
  };
  struct Pair {
    Worker writer;
    Worker reader;
  };
  Worker& worker(std::size_t pair, WorkerRole role);

  std::int64_t rate_window_ns_;
  std::vector<Pair> pairs_;
  static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
  std::int64_t merged_ns_[2] = {kNone, kNone};  // the last instant summed, per role
};

// The mean of one worker's readings across the pairs (`times`: one per pair, read in the same tick):
// what an average worker of the N did.
[[nodiscard]] ProcessTimes mean_times(const std::vector<ProcessTimes>& times);

}  // namespace pipetop

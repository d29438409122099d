#pragma once
// N of pipetop's own pairs at once (--pairs N) as one figure: the one definition of their total, for
// `run --pairs`, `check --pairs`/`--scaling` and the dashboard's --pairs alike. The pairs' samples are
// summed at the first pair's sample instants (pairs_merge.hpp: bytes, calls, spins and counters add
// up, the pipe's fill is their mean) and each worker's /proc readings averaged over the pairs read in
// the same tick; the total is the SegmentAggregate of those sums, so its headline figure is the
// steady-state mean of the bytes all the pairs moved over the time they all ran. Each pair's own
// figures stay its own (its row in a report).

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "pipetop/core/figures/pairs_merge.hpp"
#include "pipetop/core/figures/segment_aggregate.hpp"
#include "pipetop/core/figures/session_event.hpp"

namespace pipetop {

// The total's headline figure in words, for every output that shows it.
inline constexpr std::string_view kPairsTotalDefinition =
    "the pairs' bytes summed over the time they all ran, steady-state mean";

class PairsAggregate {
 public:
  // `pairs` at least 1. With `forward`, the total's own events — its SegmentStart, the summed samples,
  // the mean readings — are kept for take_events() (the dashboard charts them); without, they are
  // only folded into the total.
  PairsAggregate(std::size_t pairs, bool forward);

  // A new segment: every pair starts again, nothing of the previous one is summed.
  void restart();
  // Pair `pair` started its segment; once every pair has, the total starts with the first pair's
  // configuration, counters and pipe. A pair that starts again within a segment changes nothing.
  void start(std::size_t pair, const SegmentStart& start);
  // Pair `pair`'s samples and /proc readings; other events change no total.
  void add(std::size_t pair, const SessionEvent& event);

  // The total's events since the last call, in the order they happened (empty without `forward`).
  [[nodiscard]] std::vector<SessionEvent> take_events();

  [[nodiscard]] std::size_t pairs() const { return merge_.pairs(); }
  // Every pair started: the total's segment exists.
  [[nodiscard]] bool started() const { return started_count_ == starts_.size(); }
  [[nodiscard]] bool started(std::size_t pair) const { return pair < starts_.size() && starts_[pair].has_value(); }
  [[nodiscard]] const SegmentAggregate& total() const { return total_; }
  // Pair `pair`'s own GiB/s over its last second; nullopt before it has two samples in the segment.
  [[nodiscard]] std::optional<double> pair_gib_per_s(std::size_t pair) const;

 private:
  void fold(SessionEvent event);
  void merge_new_samples();

  bool forward_;
  PairsMerge merge_;
  std::vector<std::optional<SegmentStart>> starts_;
  std::size_t started_count_ = 0;
  std::vector<std::optional<ProcessTimes>> times_[2];  // this tick's readings, per role, per pair
  SegmentAggregate total_;
  std::vector<SessionEvent> pending_;
};

}  // namespace pipetop

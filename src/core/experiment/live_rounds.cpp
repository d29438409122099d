#include "pipetop/core/experiment/live_rounds.hpp"

#include <algorithm>

#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/figures/interference.hpp"

namespace pipetop {

Result<LiveRounds> LiveRounds::start(std::array<RunConfig, 2> sides, std::int64_t steady_ns, RoundsPlan plan,
                                     std::int64_t now_ns) {
  plan.arms = 2;
  plan.contrasts = {kLiveAOverB};
  Result<PairedRounds> rounds = PairedRounds::start(std::move(plan), now_ns);
  if (!rounds) return std::unexpected(rounds.error());
  LiveRounds live(std::move(sides), slice_run_ns(steady_ns), std::move(*rounds));
  live.arm_ = live.rounds_.next(now_ns);
  return live;
}

LiveRounds::LiveRounds(std::array<RunConfig, 2> sides, std::int64_t run_ns, PairedRounds rounds)
    : sides_(std::move(sides)), run_ns_(run_ns), rounds_(std::move(rounds)) {}

void LiveRounds::slice_started(std::int64_t t_ns) {
  if (!arm_ || slice_running_) return;
  slice_running_ = true;
  spans_.push_back({*arm_, t_ns, 0});
}

bool LiveRounds::update(const SegmentStats& stats, std::int64_t now_ns) {
  if (!slice_running_ || !arm_) return false;
  // The segment's own clock (its first reader sample to its last), as its headline figure sees it; a
  // pair whose samples stopped coming is given up on a while later, with what it had.
  const bool long_enough = stats.seconds * 1e9 >= static_cast<double>(run_ns_);
  if (!long_enough && now_ns - spans_.back().start_ns < run_ns_ + kLiveSliceGraceNs) return false;
  Slice slice;
  slice.arm = *arm_;
  slice.gib_per_s = stats.mean;
  slice.disturbed = disturbed(stats.cpu_wait);
  if (!long_enough || !stats.mean || *stats.mean <= 0) {
    slice.error = runtime_error("the pair moved no data in its slice");
  }
  for (const std::optional<double>& wait : stats.cpu_wait) {
    if (wait) slice.run_delay = std::max(slice.run_delay.value_or(0.0), *wait);
  }
  slice.started_ns = spans_.back().start_ns;
  slice.ended_ns = now_ns;
  spans_.back().end_ns = now_ns;
  slice_running_ = false;
  rounds_.record(std::move(slice));
  arm_ = rounds_.next(now_ns);
  return true;
}

void LiveRounds::end(std::int64_t now_ns) {
  if (slice_running_) spans_.back().end_ns = now_ns;
  slice_running_ = false;
  arm_.reset();
}

}  // namespace pipetop

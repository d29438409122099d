#pragma once
// Paired rounds over one live pair: the dashboard's A/B. The pair is switched between two
// configurations (arm 0, A: the one that ran when A/B began; arm 1, B: the one to compare it with),
// each slice a segment of its own that runs until its steady part (after the headline figure's
// warm-up) lasts as long as asked; each slice's headline figure and the cpu-wait rule's verdict go to
// a PairedRounds race (paired_rounds.hpp), which gives the order (ABBA), the ratio A over B with its
// interval, the rounds dropped, and when to stop. Pure: the caller starts the configuration it names
// and hands it each slice's statistics as they grow.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/screen/history.hpp"

namespace pipetop {

// A over B: the dashboard's A/B contrast.
inline constexpr Contrast kLiveAOverB{0, 1};

// How long past its due end a slice whose samples stopped coming is waited for before it fails.
inline constexpr std::int64_t kLiveSliceGraceNs = 2 * kNsPerS;

// Which side ran over a stretch of time (the chart shades it); end_ns 0 while it runs.
struct SideSpan {
  std::size_t arm = 0;
  std::int64_t start_ns = 0;
  std::int64_t end_ns = 0;
};

class LiveRounds {
 public:
  // A race of `sides[0]` (A) against `sides[1]` (B) from `now_ns`, in slices whose steady part lasts
  // `steady_ns`, stopping as `plan` says (its arms and contrast are set here). Fails as
  // PairedRounds::start does.
  [[nodiscard]] static Result<LiveRounds> start(std::array<RunConfig, 2> sides, std::int64_t steady_ns, RoundsPlan plan,
                                                std::int64_t now_ns);

  // The arm whose configuration must run now; nullopt once the race is over (stopped() says why,
  // or the caller ended it).
  [[nodiscard]] std::optional<std::size_t> arm() const { return arm_; }
  [[nodiscard]] const RunConfig& config(std::size_t arm) const { return sides_.at(arm); }
  // The pair began running arm()'s configuration at `t_ns`: its slice starts.
  void slice_started(std::int64_t t_ns);
  // The running slice's segment statistics at `now_ns`. Once its steady part lasted as asked, the
  // slice is recorded (a segment without a figure as a failed slice), and the next arm is chosen:
  // returns true then, when the caller must start arm()'s configuration (or, arm() being nullopt,
  // end the race). False while the slice goes on, or before it started. A slice still short of its
  // time kLiveSliceGraceNs after it was due (no samples came) fails its side.
  [[nodiscard]] bool update(const SegmentStats& stats, std::int64_t now_ns);
  // The caller ends the race (the a key, a toggle): no more slices.
  void end(std::int64_t now_ns);

  [[nodiscard]] const PairedRounds& rounds() const { return rounds_; }
  [[nodiscard]] RatioEstimate estimate() const { return rounds_.estimate(kLiveAOverB); }
  [[nodiscard]] const std::vector<SideSpan>& spans() const { return spans_; }
  // The pair runs a slice now (it started and was not yet recorded).
  [[nodiscard]] bool slice_running() const { return slice_running_; }

 private:
  LiveRounds(std::array<RunConfig, 2> sides, std::int64_t run_ns, PairedRounds rounds);

  std::array<RunConfig, 2> sides_;
  std::int64_t run_ns_ = 0;  // how long a slice's segment runs: its steady part and the warm-up
  PairedRounds rounds_;
  std::optional<std::size_t> arm_;
  bool slice_running_ = false;
  std::vector<SideSpan> spans_;
};

}  // namespace pipetop

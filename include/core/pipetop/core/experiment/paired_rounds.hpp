#pragma once
// Paired rounds: how pipetop compares configurations on a machine whose speed wanders (our VMs move
// between slow and fast phases of 2 to 10 s). Each round runs every configuration (an arm) once for a
// short slice, back to back, the order alternating from round to round (A B, B A, A B...: ABBA, so
// neither arm always runs second; with more arms, forwards then backwards). The arms of a round mostly
// share one phase, so the ratio of their figures cancels it. Per contrast (one arm over another) the
// result is the median of the round ratios with its 95% order-statistic interval (median_interval.hpp),
// the rounds kept and dropped (a round where either arm was disturbed is dropped); per arm the median
// and spread of its slices.
//
// This is the state of one race, fed slice by slice: it says which arm runs next, takes each slice's
// result, and stops when every contrast's interval is as narrow as asked, when another round would
// overrun the time budget, or when no contrast is left. It runs nothing itself, so any source of
// slices can drive it: round_runner.hpp through a TrialRunner (pipetop ab), a live pair switched
// between two configurations, a tuner that retires each candidate whose interval lies below the
// incumbent's.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/median_interval.hpp"

namespace pipetop {

inline constexpr double kRoundsConfidence = 0.95;
inline constexpr double kDefaultPrecision = 0.02;
// A slice's steady part: 100 ms. On our VMs a configuration against itself gave a 95% interval within
// 0.97–1.03 in 14 of 16 runs of 30 s at 100 ms, against 10 of 20 at 500 ms (README, "paired rounds");
// three times the rounds fit in a budget, and the VM's phases of seconds fall across fewer of them.
inline constexpr std::int64_t kDefaultSliceNs = 100 * kNsPerMs;
inline constexpr std::int64_t kDefaultRoundsBudgetNs = 30 * kNsPerS;

// One arm over another: each round's ratio is the numerator's figure over the denominator's.
struct Contrast {
  std::size_t numerator = 0;
  std::size_t denominator = 1;
  friend bool operator==(const Contrast&, const Contrast&) = default;
};

// One arm's run in a round.
struct Slice {
  std::size_t arm = 0;
  std::optional<double> gib_per_s;  // the headline figure (Trial::gib_per_s()); none when it failed
  bool disturbed = false;           // its workers waited for their CPUs (Trial::disturbed())
  std::optional<Error> error;       // why it failed
  std::optional<double> steal;      // the share of its pinned CPUs' time the hypervisor stole; none: unknown
  std::optional<double> run_delay;  // the longer of its workers' waits for a CPU, as a share of its time
  // The wake-up round trip between its CPUs just before it, in µs: read before a round's first slice
  // only (the round's machine state); none: not read.
  std::optional<double> wakeup_us;
  std::int64_t started_ns = 0;
  std::int64_t ended_ns = 0;
  // Its figure can be compared: it moved data, undisturbed.
  [[nodiscard]] bool counts() const { return !error && !disturbed && gib_per_s && *gib_per_s > 0; }
};

struct Round {
  std::vector<Slice> slices;  // in the order run; an arm retired before its turn has none
  [[nodiscard]] const Slice* slice_of(std::size_t arm) const;
  // The contrast's ratio in this round; nullopt unless both of its slices count.
  [[nodiscard]] std::optional<double> ratio(const Contrast& contrast) const;
  // Both arms of the contrast moved data and at least one was disturbed: the round is dropped for it.
  [[nodiscard]] bool dropped_for(const Contrast& contrast) const;
  // The wake-up round trip read before the round (its first slice's); none when it was not read.
  [[nodiscard]] std::optional<double> wakeup_us() const;
};

// What an interval says about a ratio: above 1 (the numerator is faster), below 1 (slower), holding 1
// (no change shown, either way), or nothing yet (too few rounds for an interval).
enum class Change { faster, slower, none_shown, unknown };

// A contrast over the rounds so far.
struct RatioEstimate {
  Contrast contrast;
  std::size_t rounds = 0;                  // kept: both slices counted
  std::size_t dropped = 0;                 // dropped: one of them was disturbed
  std::optional<double> median;            // of the kept rounds' ratios
  std::optional<MedianInterval> interval;  // at kRoundsConfidence; none below values_for_interval() rounds
  // How precise the interval is: its larger half relative to the median, max(median - low, high -
  // median) / median. 0.02 means the ratio is known to within ±2% of itself. None without an interval.
  [[nodiscard]] std::optional<double> precision() const;
  // Where the interval lies against 1: a verdict is drawn only when it excludes "no change".
  [[nodiscard]] Change change() const;
};

// One arm's slices that counted, over the completed rounds.
struct ArmFigures {
  std::size_t slices = 0;
  std::optional<double> median_gib_per_s;
  std::optional<double> min_gib_per_s;
  std::optional<double> max_gib_per_s;
  // How much this fixed configuration varied between rounds: its fastest slice over its slowest.
  [[nodiscard]] std::optional<double> spread() const;
};

enum class StopReason {
  precise,  // every contrast's interval is within the precision asked
  budget,   // another round would overrun the time budget
  failed,   // an arm failed (its error says why), leaving no contrast
  retired,  // the caller retired arms until no contrast was left
};
[[nodiscard]] std::string_view to_string(StopReason reason);

struct RoundsPlan {
  std::size_t arms = 2;
  std::vector<Contrast> contrasts{{0, 1}};
  std::int64_t budget_ns = kDefaultRoundsBudgetNs;  // from start() to the end of the last round
  double precision = kDefaultPrecision;             // as RatioEstimate::precision() measures it
};

// --precision's value: a percentage above 0 and below 100 ("2%", "0.5"), as a fraction. Fails with a
// usage error naming the text otherwise.
[[nodiscard]] Result<double> parse_precision(std::string_view text);

// The shortest slice whose steady part holds a few samples after the warm-up at 10 ms.
inline constexpr std::int64_t kShortestSliceNs = 50 * kNsPerMs;

// --round's value: a duration of kShortestSliceNs or more. Fails with a usage error naming the text
// otherwise.
[[nodiscard]] Result<std::int64_t> parse_slice(std::string_view text);

class PairedRounds {
 public:
  // A race that starts at `now_ns`. Fails with a usage error naming the problem: fewer than two arms,
  // no contrast, a contrast with an arm outside the plan or an arm against itself, a budget that is not
  // positive, a precision outside (0, 1).
  [[nodiscard]] static Result<PairedRounds> start(RoundsPlan plan, std::int64_t now_ns);

  // The arm to run next, or nullopt once the race has stopped (stopped() says why). Within a round it
  // gives the round's arms in turn; between rounds it decides whether to stop: no contrast left, or
  // the round would end after the budget (a round is assumed to take as long as the rounds so far did
  // on average; the first round always runs).
  [[nodiscard]] std::optional<std::size_t> next(std::int64_t now_ns);
  // The result of the slice next() asked for; a slice of any other arm is ignored. A failed slice
  // retires its arm. After a round's last slice the round is complete, and the race stops when every
  // contrast left is precise enough.
  void record(Slice slice);
  // Takes `arm` out of the rounds to come (and of the rest of this one): a tuner's candidate whose
  // interval lies below the incumbent's. Contrasts with it are over.
  void retire(std::size_t arm);

  [[nodiscard]] const RoundsPlan& plan() const { return plan_; }
  [[nodiscard]] const std::vector<Round>& rounds() const { return rounds_; }  // the completed ones
  [[nodiscard]] std::optional<StopReason> stopped() const { return stopped_; }
  [[nodiscard]] bool live(std::size_t arm) const { return arm < live_.size() && live_[arm]; }
  // Why `arm` (below plan().arms) failed; nullopt when it did not.
  [[nodiscard]] const std::optional<Error>& failure(std::size_t arm) const { return failures_.at(arm); }
  [[nodiscard]] RatioEstimate estimate(const Contrast& contrast) const;
  [[nodiscard]] ArmFigures arm_figures(std::size_t arm) const;
  [[nodiscard]] std::int64_t start_ns() const { return start_ns_; }
  // From start() to the end of the last slice recorded.
  [[nodiscard]] std::int64_t elapsed_ns() const { return last_end_ns_ - start_ns_; }

 private:
  PairedRounds(RoundsPlan plan, std::int64_t now_ns);
  [[nodiscard]] bool contrast_left() const;
  [[nodiscard]] bool all_precise() const;
  void begin_round();
  void settle();  // drops retired arms from this round's turns; completes it when none are left

  RoundsPlan plan_;
  std::int64_t start_ns_ = 0;
  std::int64_t last_end_ns_ = 0;
  std::vector<bool> live_;
  std::vector<std::optional<Error>> failures_;
  std::vector<Round> rounds_;
  std::optional<Round> current_;      // the round under way
  std::vector<std::size_t> pending_;  // its arms still to run, next first
  std::size_t begun_ = 0;             // rounds begun: the parity of the next one's order
  std::optional<StopReason> stopped_;
};

}  // namespace pipetop

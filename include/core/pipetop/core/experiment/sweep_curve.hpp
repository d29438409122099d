#pragma once
// The curve a sweep measured: one point per value, each value an arm of the same paired rounds. A
// point holds its median GiB/s over the rounds with that median's 95% interval, and its ratio to the
// reference value (the first, the smallest) as the rounds estimate it, round by round, so the machine's
// slow and fast phases cancel in the ratio where they widen the medians. With them: the machine's cache
// sizes, marked on a size axis, and the ceiling the curve is measured against where the caller knows
// one (the memory's copy bandwidth: the curve only draws it, it never measures it).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/base/median_interval.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/experiment/sweep_values.hpp"
#include "pipetop/core/machine/memory_facts.hpp"

namespace pipetop {

// The arm every other value is compared with: the first value.
inline constexpr std::size_t kSweepReference = 0;

// Every value over the reference: the contrasts of a sweep of `values` values (at least two).
[[nodiscard]] std::vector<Contrast> sweep_contrasts(std::size_t values);

struct SweepPoint {
  std::uint64_t value = 0;
  ArmFigures figures;                      // its slices that counted
  std::optional<MedianInterval> interval;  // of its median GiB/s; none below 6 slices counted
  std::optional<RatioEstimate> ratio;      // over the reference; none for the reference itself
  std::size_t disturbed = 0;               // its slices not counted because its workers waited for their CPUs
  std::optional<Error> failure;            // why it failed (it ran no more after that)
};

// A cache level to mark on a size axis: "L1d" 48 KiB, "L2" 2 MiB, "LLC" 32 MiB.
struct CacheMark {
  std::string name;
  std::uint64_t bytes = 0;
};

// CPU 0's data caches as marks, smallest first: L1d, L2 and the last level (L3 as "LLC"; where the
// machine shows no L3, its L2 is named "L2 (LLC)"). Levels the machine does not show are left out.
[[nodiscard]] std::vector<CacheMark> cache_marks(const CacheSizes& caches);

// The figure the curve is measured against: "memcpy" at 14.2 GiB/s.
struct SweepCeiling {
  std::string name;
  double gib_per_s = 0;
};

struct SweepCurve {
  SweepOption option = SweepOption::buffer_size;
  std::vector<SweepPoint> points;       // smallest value first
  std::vector<CacheMark> caches;        // empty when the values are not sizes
  std::optional<SweepCeiling> ceiling;  // drawn when given
};

// The curve of `rounds`, whose arm i ran `values[i]` of `option`: the caches are marked for sizes only.
[[nodiscard]] SweepCurve sweep_curve(const PairedRounds& rounds, SweepOption option,
                                     const std::vector<std::uint64_t>& values, const CacheSizes& caches,
                                     std::optional<SweepCeiling> ceiling = std::nullopt);

// The point with the highest median GiB/s; nullptr when none counted a slice.
[[nodiscard]] const SweepPoint* fastest_point(const SweepCurve& curve);

}  // namespace pipetop

#pragma once
// This machine's A/A spread now, from paired rounds (paired_rounds.hpp): how much a fixed configuration
// varied between rounds here, its fastest counted slice over its slowest, less 1. `check --compare`
// takes it from the steps' rounds (each rung an arm); `run --compare` from a short A/A race of the run's
// configuration against itself. A comparison with a baseline from another time or machine calls a
// figure regressed only beyond both the threshold and that spread (comparison.hpp).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

// `run --compare`'s A/A: the run's configuration against itself, in slices of kAaSliceNs for
// --aa-budget (kDefaultAaBudgetNs by default), until the A/A ratio is within the default precision.
inline constexpr std::int64_t kAaSliceNs = 200 * kNsPerMs;
inline constexpr std::int64_t kDefaultAaBudgetNs = 5 * kNsPerS;

// --aa-budget's value: "0" (not measured) or a duration (parse_duration_ns). Fails with a usage error
// naming the text otherwise.
[[nodiscard]] Result<std::int64_t> parse_aa_budget(std::string_view text);

// The rounds' plan of an A/A of one configuration within `budget_ns`: two arms, one over the other.
[[nodiscard]] RoundsPlan aa_plan(std::int64_t budget_ns);

// Each arm's spread under its name in `names` (one per arm of `rounds`); where two arms share a name
// (an A/A), the larger. Arms with fewer than two counted slices have none.
[[nodiscard]] AaSpreads aa_spreads(const PairedRounds& rounds, std::span<const std::string> names);

// How the spread was measured, for the comparison's reader: "the same configuration against itself in
// 12 paired rounds of 200ms (6.1 s): it varied ±8%"; "... : too few slices counted for a spread".
[[nodiscard]] std::string aa_source_words(const PairedRounds& rounds, std::int64_t slice_ns, const std::string& what);

}  // namespace pipetop

#pragma once
// check's steps: every rung of the ladder raced against the one before it in paired rounds
// (paired_rounds.hpp). Each rung is an arm; a round runs them all once, in ladder order then backwards,
// so the two rungs of a step run next to each other and meet the same phase of the machine. A step's
// speed-up is the median of its round ratios with its 95% interval, and a verdict is drawn from it
// only when the interval excludes "no change" (RatioEstimate::change()).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

// The rounds' plan for `rungs`: one arm per rung, a contrast per step (rung i over rung i - 1), and
// vmsplice/splice over write/read when both are rungs (the zero-copy verdict's). Needs two rungs.
[[nodiscard]] RoundsPlan ladder_rounds_plan(const std::vector<Rung>& rungs, std::int64_t budget_ns, double precision);

// The step that reaches rung `rung` (at least 1): it over the rung before it.
[[nodiscard]] Contrast step_contrast(std::size_t rung);

// The ladder's steps as raced: the rounds with each arm the rung of the same index.
struct LadderSteps {
  std::vector<std::string> rungs;  // the arms' rung names, in ladder order
  PairedRounds rounds;
  std::int64_t slice_ns = 0;  // each slice's steady part (--round)

  // The estimate of rung `a` over rung `b`, by name; nullopt when either is not an arm.
  [[nodiscard]] std::optional<RatioEstimate> estimate(std::string_view a, std::string_view b) const;
};

// What an interval allows a step to be called: "faster", "slower", "no change shown", "too few rounds".
[[nodiscard]] std::string_view change_words(Change change);

}  // namespace pipetop

#pragma once
// `pipetop ab`'s output: A (arm 0) against B (arm 1) in paired rounds. Text: the two configurations
// and how they are raced, a line per round as it completes, then the verdict, how the race stopped,
// each side's figures and the machine's stability. JSON: one document (schemas/ab.schema.json).

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

struct AbSides {
  RunConfig a;                           // as planned: CPUs resolved
  RunConfig b;                           // with b_command: only its CPUs (A's)
  std::int64_t slice_ns = 0;             // each slice's steady part (--round)
  std::optional<std::string> b_command;  // --b-command: B is this command (command_arm.hpp)
};

// The contrast of `pipetop ab`: A over B.
inline constexpr Contrast kAOverB{0, 1};

// What is compared and how, before the first round: A and B in words (and that they are the same
// configuration, or run on different CPUs, when so; B's command and what it is given), the slice, the
// precision and the budget.
[[nodiscard]] std::string ab_intro_text(const AbSides& sides, const RoundsPlan& plan);

// The last completed round of `rounds`: its order, both figures and their ratio (or why it was
// dropped, or which side failed), and the interval so far.
[[nodiscard]] std::string ab_round_text(const PairedRounds& rounds);

// The conclusion in one line: "A is ×2.31 B (95% CI 2.20–2.45, 14 rounds)"; "no difference within
// ±1.8% (95% CI 0.98–1.01, 14 rounds)" when the interval holds 1; the ratio so far when there are
// too few rounds for an interval; "no round could be compared" when none was kept.
[[nodiscard]] std::string ab_verdict(const RatioEstimate& estimate);

// After the rounds: the verdict, how and when the race stopped, each side's median and spread, and
// the machine's stability.
[[nodiscard]] std::string ab_summary_text(const PairedRounds& rounds);

// The whole race as one JSON document.
[[nodiscard]] std::string ab_json(const PairedRounds& rounds, const AbSides& sides);

}  // namespace pipetop

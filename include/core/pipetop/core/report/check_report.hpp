#pragma once
// What `pipetop check` found, for people (text), for programs (one JSON document,
// schemas/check.schema.json) and for a monitoring system (OpenMetrics).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/experiment/ladder_steps.hpp"
#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/machine/default_pinning.hpp"
#include "pipetop/core/machine/machine_facts.hpp"

namespace pipetop {

struct CheckOutcome {
  MachineFacts facts;
  PinningChoice pinning;  // the ladder's
  std::int64_t rung_ns = 0;
  int repeat = 1;                  // runs of each rung
  std::vector<RungResult> ladder;  // the article's rungs, then "tuned best" when the tune found one
  std::vector<std::string> verdicts;
  std::optional<Comparison> comparison;  // with --compare
  std::optional<PairScaling> pairs;      // with --pairs
  std::optional<LadderSteps> steps;      // every rung against the one before it, in paired rounds
};

// The facts with their meanings, the ladder's table, the pinning, the tuned best's command, each step's
// speed-up with its 95% interval and the machine's stability, the verdicts, the pairs' scaling table with --pairs, and
// the comparison when there is one.
[[nodiscard]] std::string check_text(const CheckOutcome& check);

// One JSON document, without the newline: schema_version, type "check", facts (typed), machine (in
// words), pinning, rung_seconds, repeat, ladder, steps (each step's ratio and interval, how the rounds
// went), stability, verdicts, pairs with --pairs, and comparison when there is one.
[[nodiscard]] std::string check_json(const CheckOutcome& check);

// The OpenMetrics text, "# EOF" included: the machine's facts, each rung's figures labelled
// {rung="..."}, its speed-up against the first rung, each step's ratio and interval bounds, the
// machine's spread between rounds, the pairs' aggregate and efficiency {pairs="N"}
// with --pairs, and the comparison when there is one.
[[nodiscard]] std::string check_metrics(const CheckOutcome& check);

}  // namespace pipetop

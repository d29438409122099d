#pragma once
// The tuner's result for people (text) and for scripts (one JSON document).

#include <string>

#include "pipetop/core/tune.hpp"

namespace pipetop {

// The winner, the article's final configuration measured in the same run, their ratio, the command
// line that reproduces the winner, and every trial.
[[nodiscard]] std::string tune_text(const TuneResult& result);
[[nodiscard]] std::string tune_json(const TuneResult& result);

}  // namespace pipetop

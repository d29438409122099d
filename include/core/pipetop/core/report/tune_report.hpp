#pragma once
// The tuner's result for people (text) and for scripts (one JSON document, schemas/tune.schema.json).

#include <string>

#include "pipetop/core/experiment/tune.hpp"

namespace pipetop {

// The winner, the article's final configuration, the winner's ratio to it with its 95% interval from
// the confirmation's paired rounds, the command line that reproduces the winner, how the race and the
// confirmation went, the machine's stability, and every configuration raced: its median, and when it
// was dropped, its ratio to the incumbent then (a disturbed slice never ranks: said so).
[[nodiscard]] std::string tune_text(const TuneResult& result);
[[nodiscard]] std::string tune_json(const TuneResult& result);

}  // namespace pipetop

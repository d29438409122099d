#pragma once
// The version of every JSON document pipetop writes (each line of run's JSON Lines, check, tune, events,
// exports' .json, recordings): the first key of each, raised when a field changes meaning or goes away
// (new fields do not raise it). schemas/ holds a JSON Schema per document, installed beside the binary.

namespace pipetop {

inline constexpr int kSchemaVersion = 1;

}  // namespace pipetop

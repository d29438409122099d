#pragma once
// The version of every JSON document pipetop writes (run, check, tune, events, recordings): the first
// key of each, raised when a field changes meaning or goes away (new fields do not raise it).

namespace pipetop {

inline constexpr int kSchemaVersion = 1;

}  // namespace pipetop

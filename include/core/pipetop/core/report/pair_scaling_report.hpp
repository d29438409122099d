#pragma once
// check --pairs's results for people (a scaling table) and for programs (check's "pairs" member,
// schemas/check.schema.json).

#include <string>

#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// A row per step — pairs, aggregate GiB/s, efficiency against that many times one pair, each pair's
// GiB/s — then same node against cross node when measured, and the placement's note.
[[nodiscard]] std::string pair_scaling_text(const PairScaling& scaling);

// {"asked", "placed", "note", "steps": [{"pairs", "aggregate_gib_per_s", "efficiency", "pairs_run":
// [{"writer_cpu", "reader_cpu", "placement", "gib_per_s", "error"?}]}], "same_node", "cross_node"}.
void write_pair_scaling_json(JsonWriter& json, const PairScaling& scaling);

}  // namespace pipetop

#pragma once
// A comparison with a baseline for people (a table and the differences beside it) and for programs
// (JSON fields, the same in check's document and in run's comparison line).

#include <string>

#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// The table — baseline and current GiB/s, ratio, noise, verdict — then the facts and the settings
// that differ.
[[nodiscard]] std::string comparison_text(const Comparison& comparison);

// Writes the comparison's fields into the object `json` has open: baseline, threshold, regressed,
// measurements, facts, settings (schemas/check.schema.json, $defs/comparison).
void write_comparison_fields(JsonWriter& json, const Comparison& comparison);

// run's JSON Lines: {"schema_version": 1, "type": "comparison", <the fields>}, without the newline.
[[nodiscard]] std::string comparison_line_json(const Comparison& comparison);

// "2 regressed beyond 10% of baseline.json: write/read ×0.81, vmsplice/read ×0.85"; "" when none did.
[[nodiscard]] std::string regression_message(const Comparison& comparison);

}  // namespace pipetop

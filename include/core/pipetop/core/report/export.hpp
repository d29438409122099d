#pragma once
// Results anyone can rerun: the `pipetop run` command line (command_line.hpp), the seed benchmark's
// command and CSV row (seed_benchmark.hpp), a JSON snapshot with the machine facts and the counters,
// and each profiled worker's stacks in the folded format flame-graph tools read.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// PREFIX.cmd: for each result, the `pipetop run` line that reproduces it and the seed benchmark's
// command for the same experiment, under a comment saying so.
[[nodiscard]] std::string export_commands(const std::vector<Trial>& trials);

// PREFIX.csv: the seed's header and, for each result, the row the seed's command prints.
[[nodiscard]] std::string export_csv(const std::vector<Trial>& trials);

// The machine facts as a JSON array of {name, value, meaning}, in reading order.
void write_machine_json(JsonWriter& json, const MachineFacts& facts);

// A file an export writes beside PREFIX: its name after PREFIX, and its text.
struct ExportFile {
  std::string suffix;  // ".writer.folded"
  std::string text;
};

// For each result whose workers were profiled and took samples, ".writer.folded" and
// ".reader.folded" (".2.writer.folded" for the second of several results): "frame;frame;frame count"
// lines, root first, kernel frames marked "_[k]". None for a profile without samples.
[[nodiscard]] std::vector<ExportFile> export_folded(const std::vector<Trial>& trials);

// Every suffix export_folded may give for `results` results, whichever of their workers turn out to be
// profiled: what an export's check before a run must find free.
[[nodiscard]] std::vector<std::string> folded_suffixes(std::size_t results);

// {"schema_version": 1, "type": "export", "facts": {<typed, as check's>}, "machine": [<facts in words>],
//  "results": [<each run's summary object, counters included>]} (schemas/export.schema.json).
[[nodiscard]] std::string snapshot_json(const MachineFacts& facts, const std::vector<Trial>& trials);

}  // namespace pipetop

#pragma once
// Where the time goes, in the reports: the text table of `run --profile` (each category's share,
// writer beside reader, and the top stacks), the one-line form check's rungs use, and the JSON
// objects of the run summary — profile.writer/reader and time.writer/reader (with the reader's
// pipe_fill). A profile that cannot show shares says why instead, never an empty table.

#include <optional>
#include <string>

#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/profile/worker_profile.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// The table, for a run with at least one profile; "" when neither worker was profiled.
[[nodiscard]] std::string profile_table(const RunSummary& summary);

// "wait/wake 38% · copy 21% · pin 12%": the categories with at least 1%, most first, at most
// `count`; or the note that replaces them.
[[nodiscard]] std::string profile_line(const ProfileSummary& profile, std::size_t count = 4);

// check's section: each profiled rung's name and two profile_lines, writer and reader; "" when no
// rung was profiled.
[[nodiscard]] std::string ladder_profile_table(const std::vector<RungResult>& results);

// "profile": {"writer": {...}, "reader": {...}} when the run was profiled; nothing otherwise.
void write_profile_json(JsonWriter& json, const RunSummary& summary);

// "time": {"writer": {...}, "reader": {..., "pipe_fill": {...}}}; a worker without two /proc
// readings is null.
void write_time_json(JsonWriter& json, const RunSummary& summary);

}  // namespace pipetop

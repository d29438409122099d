#pragma once
// What a run's summary says of its buffers: the page kind and prefault method, each of pipetop's
// workers' set-up time and the faults taken there, and the faults taken during the transfer, as a text
// line and as the JSON summary's "buffers" object (schemas/run.schema.json).

#include <string>

#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// "  buffers      hugetlb pages, prefault populate: set-up writer 0.42 ms, 2 faults · reader ...; during the
// transfer writer 0 faults · reader 0 faults\n"; "" when no worker of pipetop's set buffers up.
[[nodiscard]] std::string buffer_setup_text(const RunOutcome& outcome);

// "buffers": {"pages", "prefault", "writer", "reader"}: each worker's {"setup_s", "setup_faults",
// "transfer_faults"} (faults as {"minor", "major"}), null for a worker that is not pipetop's.
void write_buffer_setup(JsonWriter& json, const RunOutcome& outcome);

}  // namespace pipetop

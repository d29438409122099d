#pragma once
// Recordings and baselines read from files: a recording (--record) or `run --format json` output.
// A regular file or a pipe (`<(pipetop run --format json)`), capped and stoppable (document_file.hpp).

#include <string>

#include "pipetop/core/base/stop_asked.hpp"
#include "pipetop/core/figures/baseline.hpp"
#include "pipetop/core/stage/recording.hpp"

namespace pipetop {

// The recording in `path`. Errors are usage errors naming the file: it cannot be read (errno), is not
// a file pipetop reads or is too large (read_document_file), or its content is not a recording (naming
// the line). When `stop` returns true — asked while it reads and parses — a runtime error.
[[nodiscard]] Result<Recording> read_recording_file(const std::string& path, const StopAsked& stop);

// The baseline the recording in `path` gives (baseline.hpp), labelled with the file's name; none when
// `path` is empty (no --baseline). The same errors, and a file with no figure in it.
[[nodiscard]] Result<std::optional<Baseline>> read_baseline_file(const std::string& path, const StopAsked& stop);

}  // namespace pipetop

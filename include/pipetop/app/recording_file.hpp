#pragma once
// Recordings and baselines read from files: a recording (--record) or `run --format json` output.
// Named files are read whole: a pipe (`<(pipetop run --format json)`) works as well as a file.

#include <string>

#include "pipetop/core/baseline.hpp"
#include "pipetop/core/recording.hpp"

namespace pipetop {

// The text of `path`. Errors: a directory (usage), a file that cannot be read (environment, naming it
// and errno).
[[nodiscard]] Result<std::string> read_text_file(const std::string& path);

// The recording in `path`. Errors: the file cannot be read (environment, naming it and errno), or
// its content is not a recording (usage, naming the file and the line).
[[nodiscard]] Result<Recording> read_recording_file(const std::string& path);

// The baseline the recording in `path` gives (baseline.hpp), labelled with the file's name; none when
// `path` is empty (no --baseline). The same errors, and a file with no figure in it.
[[nodiscard]] Result<std::optional<Baseline>> read_baseline_file(const std::string& path);

}  // namespace pipetop

#pragma once
// Writing results to files anyone can rerun: PREFIX.cmd (a `pipetop run` line per result),
// PREFIX.csv (the seed benchmark's schema, a header and a row per result) and PREFIX.json (a
// snapshot with this machine's facts and each result's counters), and with them a picture,
// PREFIX.svg (the run's chart, or check's ladder).

#include <string>
#include <vector>

#include "pipetop/core/error.hpp"
#include "pipetop/core/trial.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Returns "PREFIX.{cmd,csv,json}" (and ",svg" when `svg` is not empty: it is written as PREFIX.svg);
// the JSON's machine facts are read from `files` and probed. On failure returns a runtime error
// naming the file and errno.
[[nodiscard]] Result<std::string> export_results(const std::string& prefix, const std::vector<Trial>& trials,
                                                 const SystemFiles& files, const std::string& svg = {});

// export_results for a command line's --export, then one line on stderr saying where the files went
// or why they could not be written. Returns the exit code: 0, or 1 when writing failed.
[[nodiscard]] int export_and_report(const std::string& prefix, const std::vector<Trial>& trials,
                                    const SystemFiles& files, const std::string& svg = {});

// Writes `text` to `path` (created or truncated). On failure: a runtime error naming the file and errno.
[[nodiscard]] Result<void> write_text_file(const std::string& path, const std::string& text);

}  // namespace pipetop

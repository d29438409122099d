#pragma once
// Writing results to files anyone can rerun: PREFIX.cmd (a `pipetop run` line per result),
// PREFIX.csv (the seed benchmark's schema, a header and a row per result) and PREFIX.json (a
// snapshot with this machine's facts and each result's counters). Files are created without
// following links and never over existing ones unless asked (new_file.hpp).

#include <string>
#include <vector>

#include "pipetop/core/error.hpp"
#include "pipetop/core/trial.hpp"
#include "pipetop/system/new_file.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Checked before a command runs, so that a long run is not wasted on a typo: the prefix's directory
// exists and is writable, and none of the three files exists (or, with Overwrite::replace, none is a
// directory); an empty prefix (no --export) passes. On failure returns an error naming the path: usage error (2) when a
// file exists (its hint: --force), environment error (3) for the directory.
[[nodiscard]] Result<void> check_export_prefix(const std::string& prefix, Overwrite overwrite);

// Returns "PREFIX.{cmd,csv,json}"; the JSON's machine facts are read from `files` and probed. On failure returns a runtime error naming the file and errno.
[[nodiscard]] Result<std::string> export_results(const std::string& prefix, const std::vector<Trial>& trials,
                                                 const SystemFiles& files, Overwrite overwrite);

// export_results for a command line's --export, then one line on stderr saying where the files went
// or why they could not be written. Returns the exit code: 0, or 1 when writing failed.
[[nodiscard]] int export_and_report(const std::string& prefix, const std::vector<Trial>& trials,
                                    const SystemFiles& files, Overwrite overwrite);

}  // namespace pipetop

#pragma once
// Writing results to files anyone can rerun: PREFIX.cmd (a `pipetop run` line per result),
// PREFIX.csv (the seed benchmark's schema, a header and a row per result) and PREFIX.json (a
// snapshot with this machine's facts and each result's counters), and with them a picture,
// PREFIX.svg (the run's chart, or check's ladder), and for profiled results PREFIX.writer.folded and
// PREFIX.reader.folded (export_folded). Files are created without following links and never over
// existing ones unless asked (new_file.hpp).

#include <string>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/system/new_file.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Checked before a command runs, so that a long run is not wasted on a typo and no file is left
// behind by an export that fails after it: the prefix names files (not a directory: "dir/"), holds no
// control character, its directory exists and is writable, and none of the files the export may write
// exists (or, with Overwrite::replace, none is a directory): the four, and the folded stacks of
// `profiled_results` profiled results (folded_suffixes). An empty prefix (no --export) passes. On
// failure returns an error naming the path: usage error (2) for the prefix or a file that exists (its
// hint: --force), environment error (3) for the directory.
[[nodiscard]] Result<void> check_export_prefix(const std::string& prefix, Overwrite overwrite,
                                               std::size_t profiled_results = 0);

// The same checks for an export that writes PREFIX + each of `suffixes` (".svg"), and nothing else.
[[nodiscard]] Result<void> check_export_files(const std::string& prefix, Overwrite overwrite,
                                              const std::vector<std::string>& suffixes);

// Returns "PREFIX.{cmd,csv,json}" (and ",svg" when `svg` is not empty: it is written as PREFIX.svg;
// and the folded files written, which like the others are never written over an existing file unless
// asked); the JSON's machine facts are read from `files` and probed. On failure returns a runtime
// error naming the file and errno.
[[nodiscard]] Result<std::string> export_results(const std::string& prefix, const std::vector<Trial>& trials,
                                                 const SystemFiles& files, Overwrite overwrite,
                                                 const std::string& svg = {});

// export_results for a command line's --export, then one line on stderr saying where the files went
// or why they could not be written. Returns the exit code: 0, or 1 when writing failed.
[[nodiscard]] int export_and_report(const std::string& prefix, const std::vector<Trial>& trials,
                                    const SystemFiles& files, Overwrite overwrite, const std::string& svg = {});

}  // namespace pipetop

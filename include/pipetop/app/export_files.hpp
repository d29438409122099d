#pragma once
// Writing results to files anyone can rerun: PREFIX.cmd (a `pipetop run` line per result),
// PREFIX.csv (the seed benchmark's schema, a header and a row per result), PREFIX.json (a snapshot
// with this machine's facts and each result's counters) and, for profiled results,
// PREFIX.writer.folded and PREFIX.reader.folded (export_folded).

#include <string>
#include <vector>

#include "pipetop/core/error.hpp"
#include "pipetop/core/trial.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Returns "PREFIX.{cmd,csv,json}" (and the folded files written); the JSON's machine facts are read from `files` and
// probed. On failure returns a runtime error naming the file and errno.
[[nodiscard]] Result<std::string> export_results(const std::string& prefix, const std::vector<Trial>& trials,
                                                 const SystemFiles& files);

// export_results for a command line's --export, then one line on stderr saying where the files went
// or why they could not be written. Returns the exit code: 0, or 1 when writing failed.
[[nodiscard]] int export_and_report(const std::string& prefix, const std::vector<Trial>& trials,
                                    const SystemFiles& files);

}  // namespace pipetop

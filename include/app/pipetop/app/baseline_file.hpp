#pragma once
// The baseline that --compare names: read before anything is measured, so a typo costs nothing; and
// the end of a comparison: the regressions said on stderr, and the exit code that gates a pipeline.

#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/stop_asked.hpp"
#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/report/measured_results.hpp"

namespace pipetop {

using ResultsReader = Result<MeasuredResults> (*)(std::string_view text);

// Reads the file at `path` (document_file.hpp: a regular file or a pipe, capped, asking `stop` while
// it reads) with `read` (read_check_results or read_run_results). Fails with a usage error that names
// the file: it cannot be read (errno in words), is not a file pipetop reads, is too large, or `read`
// refused its text (naming the line); with a runtime error when `stop` stopped the reading.
[[nodiscard]] Result<MeasuredResults> read_baseline(const std::string& path, ResultsReader read, const StopAsked& stop);

// When something regressed beyond the threshold, says what on stderr and returns 4
// (ExitCode::regression); otherwise returns 0.
[[nodiscard]] int regression_exit(const Comparison& comparison);

}  // namespace pipetop

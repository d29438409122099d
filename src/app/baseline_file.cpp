#include "pipetop/app/baseline_file.hpp"

#include <cstdio>

#include "pipetop/core/report/comparison_report.hpp"
#include "pipetop/system/document_file.hpp"

namespace pipetop {

Result<MeasuredResults> read_baseline(const std::string& path, ResultsReader read, const StopAsked& stop) {
  Result<std::string> text = read_document_file(path, stop);
  if (!text) {
    return std::unexpected(Error{text.error().kind, "--compare: " + text.error().message,
                                 "name a file that pipetop check --json (or run --format json) wrote"});
  }
  Result<MeasuredResults> results = read(*text);
  if (!results) {
    return std::unexpected(usage_error("--compare " + path + ": " + results.error().message, results.error().hint));
  }
  return results;
}

int regression_exit(const Comparison& comparison) {
  const std::string message = regression_message(comparison);
  if (message.empty()) return 0;
  std::fprintf(stderr, "pipetop: %s\n", message.c_str());
  return static_cast<int>(ExitCode::regression);
}

}  // namespace pipetop

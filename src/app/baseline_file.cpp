#include "pipetop/app/baseline_file.hpp"

#include <cerrno>
#include <cstdio>
#include <memory>

#include "pipetop/core/comparison_report.hpp"

namespace pipetop {

Result<MeasuredResults> read_baseline(const std::string& path, ResultsReader read) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) {
    return std::unexpected(usage_error("--compare " + path + ": " + errno_text(errno),
                                       "name a file that pipetop check --json (or run --format json) wrote"));
  }
  std::string text;
  char chunk[65536];
  for (std::size_t n = 0; (n = std::fread(chunk, 1, sizeof chunk, file.get())) > 0;) text.append(chunk, n);
  if (std::ferror(file.get()) != 0) {
    return std::unexpected(usage_error("--compare " + path + ": " + errno_text(errno)));
  }
  Result<MeasuredResults> results = read(text);
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

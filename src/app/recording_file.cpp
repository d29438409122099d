#include "pipetop/app/recording_file.hpp"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace pipetop {

Result<std::string> read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return std::unexpected(usage_error(path + " is a directory, not a file"));
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::unexpected(environment_error("cannot read " + path + ": " + errno_text(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::unexpected(environment_error("read(" + path + "): " + errno_text(errno)));
  return text.str();
}

Result<Recording> read_recording_file(const std::string& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return std::unexpected(text.error());
  Result<Recording> recording = read_recording(*text);
  if (!recording) {
    return std::unexpected(usage_error(path + ": " + recording.error().message, recording.error().hint));
  }
  return recording;
}

Result<std::optional<Baseline>> read_baseline_file(const std::string& path) {
  if (path.empty()) return std::optional<Baseline>{};
  Result<Recording> recording = read_recording_file(path);
  if (!recording) return std::unexpected(recording.error());
  const std::size_t slash = path.rfind('/');
  Result<Baseline> baseline = recorded_baseline(*recording, slash == std::string::npos ? path : path.substr(slash + 1));
  if (!baseline) return std::unexpected(baseline.error());
  return std::optional<Baseline>(std::move(*baseline));
}

}  // namespace pipetop

#include "pipetop/app/recording_file.hpp"

#include "pipetop/system/document_file.hpp"

namespace pipetop {

Result<Recording> read_recording_file(const std::string& path, const StopAsked& stop) {
  Result<std::string> text = read_document_file(path, stop);
  if (!text) return std::unexpected(text.error());
  Result<Recording> recording = read_recording(*text, stop);
  if (!recording) {
    return std::unexpected(
        Error{recording.error().kind, path + ": " + recording.error().message, recording.error().hint});
  }
  return recording;
}

Result<std::optional<Baseline>> read_baseline_file(const std::string& path, const StopAsked& stop) {
  if (path.empty()) return std::optional<Baseline>{};
  Result<Recording> recording = read_recording_file(path, stop);
  if (!recording) return std::unexpected(recording.error());
  const std::size_t slash = path.rfind('/');
  Result<Baseline> baseline = recorded_baseline(*recording, slash == std::string::npos ? path : path.substr(slash + 1));
  if (!baseline) return std::unexpected(baseline.error());
  return std::optional<Baseline>(std::move(*baseline));
}

}  // namespace pipetop

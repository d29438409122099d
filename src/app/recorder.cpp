#include "pipetop/app/recorder.hpp"

#include <cerrno>

#include "pipetop/core/stage/recording.hpp"

namespace pipetop {

Result<std::unique_ptr<Recorder>> Recorder::open(const std::string& path, const MachineFacts& facts,
                                                 std::string_view command) {
  if (path.empty()) return std::unique_ptr<Recorder>{};
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (file == nullptr) {
    return std::unexpected(environment_error("cannot record to " + path + ": " + errno_text(errno),
                                             "name a file in a directory you can write to"));
  }
  std::unique_ptr<Recorder> recorder(new Recorder(file, path));
  recorder->write(recording_header(facts, command));
  if (recorder->error_) return std::unexpected(*recorder->error_);
  return recorder;
}

Recorder::~Recorder() {
  if (file_ != nullptr) std::fclose(file_);
}

void Recorder::write(const std::string& line) {
  if (error_ || file_ == nullptr) return;
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size()) {
    error_ = runtime_error("write(" + path_ + "): " + errno_text(errno), "the recording stops there");
  }
}

void Recorder::record(const SessionEvent& event) {
  history_.apply(event);
  write(recording_event(event));
}

Result<void> Recorder::finish(const RunOutcome* run) {
  write(recording_summary(leaderboard(history_), run));
  if (file_ != nullptr) {
    const int closed = std::fclose(file_);
    file_ = nullptr;
    if (closed != 0 && !error_) error_ = runtime_error("close(" + path_ + "): " + errno_text(errno));
  }
  if (error_) return std::unexpected(*error_);
  return {};
}

}  // namespace pipetop

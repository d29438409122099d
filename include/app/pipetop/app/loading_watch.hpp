#pragma once
// A file loading before the work starts (a recording, --baseline, --compare, tour --tuned) stays
// stoppable: a termination signal, or `q` once the screen is up, stops it between chunks, and the
// screen says what is loading.

#include <optional>
#include <string>

#include "pipetop/app/signals.hpp"
#include "pipetop/core/base/stop_asked.hpp"
#include "pipetop/terminal/terminal.hpp"

namespace pipetop {

class LoadingWatch {
 public:
  // `terminal` may be null (headless, or no screen): then only signals stop the loading.
  LoadingWatch(const SignalWatch& signals, Terminal* terminal) : signals_(signals), terminal_(terminal) {}

  // What read_document_file and read_recording ask while `path` loads: true once a signal came or
  // `q` was pressed. The first ask draws "loading PATH ... (q quits)" on the screen.
  [[nodiscard]] StopAsked stop_for(const std::string& path);

  // Whether a signal or `q` stopped a loading; the signal, when one did.
  [[nodiscard]] bool stopped() const { return quit_ || signal_.has_value(); }
  [[nodiscard]] std::optional<int> signal() const { return signal_; }

 private:
  [[nodiscard]] bool asked(const std::string& path, bool& shown);

  const SignalWatch& signals_;
  Terminal* terminal_;
  std::optional<int> signal_;
  bool quit_ = false;
};

}  // namespace pipetop

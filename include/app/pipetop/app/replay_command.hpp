#pragma once
// `pipetop replay FILE`: a recording (--record) or `run --format json` output drawn by the dashboard
// — the same chart, markers, readout and counters — at the pace it was recorded or --speed times it;
// space pauses, → ← and the number keys move between its segments, r plays it again.

#include <string>

#include "pipetop/app/dashboard_loop.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct ReplayCommand {
  std::string path;
  double speed = 1;
  ViewOptions view;
};

// Returns 0 on q, Ctrl-C, SIGTERM or SIGHUP; 2 when the file is not a recording (naming the line), 3
// when it cannot be read or there is no terminal.
[[nodiscard]] int run_replay(const ReplayCommand& command, const SystemFiles& files);

}  // namespace pipetop

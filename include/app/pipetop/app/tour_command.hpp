#pragma once
// `pipetop tour`: the article's ladder as a guided tour in the dashboard — each step's configuration
// held for --step seconds under a caption quoting what was measured, space to pause, → ← to move, the
// summary beside the article's figures at the end. `--no-ui` prints the same captions and table.

#include <cstdint>
#include <string>

#include "pipetop/app/dashboard_loop.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct TourCommand {
  RunConfig base;                      // pinning, counters, interval from the command line
  std::int64_t step_ns = 8 * kNsPerS;  // --step
  bool no_ui = false;
  ViewOptions view;
  std::string record_path;  // --record
  std::string tuned_path;   // --tuned: a `tune --format json` output whose best is the last step
};

// The tour in the dashboard, or headless with --no-ui (each step's caption as it ends, then the
// summary). Returns 0; 2/3 when a file cannot be read or written or the base configuration is refused;
// 3 without a terminal (the dashboard); 128+N when signal N ended a headless tour (what was measured
// is still printed). A step that cannot run is said so and the tour goes on.
[[nodiscard]] int run_tour(const TourCommand& command, const SystemFiles& files);

}  // namespace pipetop

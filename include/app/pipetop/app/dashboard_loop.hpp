#pragma once
// What the live dashboard, the tour and a replay share: how the dashboard looks (the view options of
// the command line), the exports its x key writes (timestamped files in the working directory), and
// its loop — input, signals, frames — over a DashboardController in a Terminal.

#include <optional>
#include <string>

#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/core/screen/theme_name.hpp"
#include "pipetop/system/system_files.hpp"
#include "pipetop/terminal/terminal.hpp"

namespace pipetop {

struct ViewOptions {
  double refresh_hz = 10;
  bool ascii = false;  // no braille or box drawing, whatever the locale
  ThemeName theme = ThemeName::dark;
  std::optional<double> y_max;  // --y-max: the axis pinned, GiB/s
  std::string baseline_path;    // --baseline: a recording or run --format json output
};

// The state the view options give a dashboard starting on `config`.
[[nodiscard]] DashboardState view_state(const RunConfig& config, const ViewOptions& view, DashboardMode mode);

// x's files: pipetop-YYYYmmdd-HHMMSS.{cmd,csv,json,svg} for a segment, and
// pipetop-YYYYmmdd-HHMMSS-leaderboard.csv for the leaderboard, in the working directory.
[[nodiscard]] DashboardExports timestamped_exports(const SystemFiles& files);

// Input, signals and frames until q, Ctrl-C, SIGTERM or SIGHUP. Never waits on the workers; follows
// the theme the T key picks.
void run_dashboard_loop(Terminal& terminal, const SignalWatch& signals, DashboardController& controller,
                        double refresh_hz);

}  // namespace pipetop

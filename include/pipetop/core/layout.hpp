#pragma once
// Where each part of the dashboard goes, as a pure function of the terminal size and the panels
// asked for: header (2 rows), chart with the readout beside it, counters panel, the "where the time
// goes" panel when asked for and there is room, status line and footer. Below the minimum size only a
// "terminal too small" notice is shown.

#include <vector>

namespace pipetop {

struct Rect {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;
  [[nodiscard]] bool empty() const { return w <= 0 || h <= 0; }
  [[nodiscard]] bool contains(int px, int py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};

inline constexpr int kMinWidth = 60;
inline constexpr int kMinHeight = 16;

// The "where the time goes" panel: its title, a bar per worker and the bottleneck line at least;
// then each worker's time shares and top stacks, as rows allow.
inline constexpr int kMinProfileRows = 4;
inline constexpr int kMaxProfileRows = 10;

struct LayoutOptions {
  bool profile = false;  // the "where the time goes" panel (shown when there is room for it)
};

struct DashboardLayout {
  bool too_small = false;
  Rect notice;  // the centred "terminal too small" message (only when too_small)
  Rect header;
  Rect chart;
  Rect readout;
  Rect counters;
  Rect profile;  // empty when not asked for or no room
  Rect status;
  Rect footer;
  Rect help;  // the help overlay, drawn over the rest when open

  // The regions that tile the screen (the overlay excluded), the profile panel only when it shows.
  [[nodiscard]] std::vector<Rect> regions() const;
};

[[nodiscard]] DashboardLayout layout_dashboard(int width, int height, const LayoutOptions& options = {});

}  // namespace pipetop

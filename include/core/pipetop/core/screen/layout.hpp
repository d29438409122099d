#pragma once
// Where each part of the dashboard goes, as a pure function of the terminal size and the options:
// header (2 rows), chart with the readout beside it, a caption band under them (the tour's), counters
// panel, the "where the time goes" panel when asked for and there is room, status line and footer.
// Panels can be hidden so the chart fills a projector. Below the minimum size only a "terminal too
// small" notice is shown.

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

// Which panels show; the z key cycles them in this order.
enum class PanelSet {
  all,            // header, chart and readout, counters (and the profile panel), status, footer
  chart_readout,  // the counters and the profile hidden: the chart takes their rows
  chart_only,     // the chart across the whole width and height, the status line under it
};

struct LayoutOptions {
  PanelSet panels = PanelSet::all;
  int caption_rows = 0;  // a band of this many rows under the chart (as many as fit): the tour's caption or
                         // the strip of --pairs; 0: none
  bool profile = false;  // the "where the time goes" panel (with every panel, when there is room)
};

struct DashboardLayout {
  bool too_small = false;
  Rect notice;  // the centred "terminal too small" message (only when too_small)
  Rect header;
  Rect chart;
  Rect readout;
  Rect caption;
  Rect counters;
  Rect profile;  // empty when not asked for or no room
  Rect status;
  Rect footer;
  Rect help;  // the overlays (help, leaderboard, the tour's summary), drawn over the rest when open

  // The regions that tile the screen, in the order declared, the hidden (empty) ones left out (the
  // overlay excluded).
  [[nodiscard]] std::vector<Rect> regions() const;
};

[[nodiscard]] DashboardLayout layout_dashboard(int width, int height, const LayoutOptions& options = {});

// The panel set after `panels`, wrapping around.
[[nodiscard]] PanelSet next_panels(PanelSet panels);

}  // namespace pipetop

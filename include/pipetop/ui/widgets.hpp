#pragma once
// The dashboard's widgets, each drawing one region of the layout from the model. One file each.

#include <vector>

#include "pipetop/core/layout.hpp"
#include "pipetop/core/profile_category.hpp"
#include "pipetop/ui/canvas.hpp"
#include "pipetop/ui/dashboard_model.hpp"

namespace pipetop {

// A clickable part of the header and the key it stands for.
struct HeaderSpan {
  Rect area;
  int key;
};

// Two rows: the configuration in words (each part clickable) and machine / counters / problem.
std::vector<HeaderSpan> draw_header(Canvas& canvas, const Rect& area, const DashboardModel& model);

// GiB/s over the window: axis with units, min/max envelope per column (braille or ASCII), labelled
// markers at configuration changes, time axis.
void draw_chart(Canvas& canvas, const Rect& area, const DashboardModel& model);

// The big current GiB/s and the current segment's mean, p5/p95 and speed-up.
void draw_readout(Canvas& canvas, const Rect& area, const DashboardModel& model);

// Writer and reader side by side: derived counter figures (or their state), sparklines when wide.
void draw_counters(Canvas& canvas, const Rect& area, const DashboardModel& model);

// Where the time goes: a stacked bar of each worker's profile by category, the bottleneck line, and
// as rows allow each worker's time shares and top stacks; or why there is no profile.
void draw_profile(Canvas& canvas, const Rect& area, const DashboardModel& model);
// A category's colour in the panel's bars (and the help's swatches).
[[nodiscard]] Color category_color(ProfileCategory category);

// The message or problem on the left, ring drops and the dashboard's own CPU on the right.
void draw_status(Canvas& canvas, const Rect& area, const DashboardModel& model);

// The keys, from the key table; toggles that are on are highlighted.
void draw_footer(Canvas& canvas, const Rect& area, const DashboardModel& model);

// Every key and every figure explained, over the rest; with `profile`, each category of the profile
// panel and its time shares too.
void draw_help(Canvas& canvas, const Rect& area, bool profile = false);

// "terminal too small: needs 60×16", centred.
void draw_too_small(Canvas& canvas, const Rect& area);

// Draws the whole dashboard for the canvas size (with the profile panel when the state shows it and
// there is room); returns the header's clickable spans.
std::vector<HeaderSpan> draw_dashboard(Canvas& canvas, const DashboardModel& model);

}  // namespace pipetop

#pragma once
// The dashboard's widgets, each drawing one region of the layout from the model. One file each.

#include <string_view>
#include <vector>

#include "pipetop/core/profile/profile_category.hpp"
#include "pipetop/core/screen/layout.hpp"
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
// A category's fill glyph in the bars (and the help's swatches): one per category, ASCII, so each
// segment shows as its own without colour.
[[nodiscard]] char category_fill(ProfileCategory category);

// The message or problem on the left, ring drops and the dashboard's own CPU on the right.
void draw_status(Canvas& canvas, const Rect& area, const DashboardModel& model);

// The keys, from the key table; toggles that are on are highlighted.
void draw_footer(Canvas& canvas, const Rect& area, const DashboardModel& model);

// The keys (page 0: those that work in the state's mode, the toggles in a compact list) or every figure
// explained (page 1; with the workers profiled, each category of the profile panel and its time shares
// too), over the rest.
void draw_help(Canvas& canvas, const Rect& area, const DashboardState& state);

// Every configuration tried, fastest first (leaderboard.hpp), over the rest.
void draw_leaderboard(Canvas& canvas, const Rect& area, const DashboardModel& model);

// The tour's summary beside the article's figures, over the rest.
void draw_tour_summary(Canvas& canvas, const Rect& area, const TourView& tour);

// A box over the rest, cleared inside, with `title` on its top border and `hint` on its bottom one.
void draw_overlay_box(Canvas& canvas, const Rect& area, std::string_view title, std::string_view hint);

// The tour's step, clock and caption: a heading row, then the caption's lines.
void draw_caption(Canvas& canvas, const Rect& area, const TourView& tour);

// The rows draw_caption needs at `width` (the heading and up to three lines of caption).
[[nodiscard]] int caption_rows(const TourView& tour, int width);

// How a worker's column or row is headed: "writer", or with --pairs N "writers" (their counters summed,
// their times a worker's mean).
[[nodiscard]] std::string role_heading(WorkerRole role, const DashboardModel& model);

// With --pairs N, the strip under the chart: a heading, then each pair's CPUs and GiB/s, or a bar per
// pair when there are too many for two rows of cells.
void draw_pairs_strip(Canvas& canvas, const Rect& area, const std::vector<PairFigure>& pairs);

// The rows draw_pairs_strip needs at `width` (0 without --pairs).
[[nodiscard]] int pairs_strip_rows(const std::vector<PairFigure>& pairs, int width);

// The last key pressed and what it did, in the chart's bottom-right corner, for the audience.
void draw_key_echo(Canvas& canvas, const Rect& chart, std::string_view echo);

// "terminal too small: needs 60×16", centred.
void draw_too_small(Canvas& canvas, const Rect& area);

// Draws the whole dashboard for the canvas size (with the profile panel when the state shows it and
// there is room); returns the header's clickable spans.
std::vector<HeaderSpan> draw_dashboard(Canvas& canvas, const DashboardModel& model);

}  // namespace pipetop

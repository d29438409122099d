#pragma once
// The chart's arithmetic, apart from any drawing: an auto-fitted y scale (linear from zero, or
// logarithmic by decades, because 0.8 and 78 GiB/s share one axis), its ticks, the min/max
// envelope of the rates falling in each column, so a short dip is never averaged away, and where
// the markers' labels go. The terminal chart and the SVG picture both draw from it.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/figures/rate_point.hpp"

namespace pipetop {

struct YScale {
  double lo = 0;
  double hi = 1;
  bool log = false;
};

// A scale that holds [data_min, data_max] with headroom: linear starts at 0 and ends at a "nice" value
// (1, 2, 2.5, 5 × 10^k); log spans whole decades (never below 0.01). Empty data gives [0, 1] / [0.1, 100].
[[nodiscard]] YScale fit_scale(std::optional<double> data_min, std::optional<double> data_max, bool log);

// A linear scale from 0 that ends at the first tick at or above `data_max`, the ticks at a round step
// (1, 2, 2.5, 5 × 10^k) giving at most `max_ticks` of them: with 8 ticks 9.7 gives [0, 10] in steps of
// 2, 62.99 [0, 70] in steps of 10. For bars whose figures are written beside them (no headroom needed).
// A missing, non-positive or non-finite maximum gives [0, 1].
[[nodiscard]] YScale tight_scale(std::optional<double> data_max, int max_ticks);

// Where `value` sits on the scale, 0 (bottom) to 1 (top), clamped; non-positive values on a log scale
// sit at the bottom.
[[nodiscard]] double scale_position(const YScale& scale, double value);

struct Tick {
  double value = 0;
  std::string label;  // "0", "25", "2.5", "0.1"
};

// At most `max_ticks` ticks, bottom to top, at round values; the top of a linear scale is always one,
// and a log scale labels every decade that fits.
[[nodiscard]] std::vector<Tick> scale_ticks(const YScale& scale, int max_ticks);

struct Envelope {
  bool present = false;
  double lo = 0;
  double hi = 0;
  double mean = 0;  // time-weighted over the slice: what a bytes/time reading of it gives
};

// For `columns` equal slices of [t0_ns, t1_ns): the lowest and highest rate of the points that
// overlap each slice, and its time-weighted mean. `points` are in time order, as History keeps them:
// those before t0_ns are skipped by a binary search, not visited.
[[nodiscard]] std::vector<Envelope> column_envelopes(const std::deque<RatePoint>& points, std::int64_t t0_ns,
                                                     std::int64_t t1_ns, int columns);

// The scale for `columns`: fit_scale over their lowest positive and highest rates, or, with a
// positive `y_max`, pinned to it: linear [0, y_max]; log up to y_max's decade (ticks stay on whole
// decades), from the data's lowest decade below that. A non-positive or non-finite y_max is ignored.
[[nodiscard]] YScale envelope_scale(const std::vector<Envelope>& columns, bool log,
                                    std::optional<double> y_max = std::nullopt);

// A marker's label along one row of cells: where it starts and how many cells it may take (its
// width, or fewer where the row ends; the caller cuts it to fit).
struct LabelSpan {
  int x = 0;
  int cells = 0;
};

// Places the labels of markers at cells `marker_x` (left to right, each in [0, row_cells)), of
// `widths` cells each, along a row of `row_cells` without overlap: a label starts at its marker, or
// one cell after the previous label; when that runs past the row's end it ends at its marker
// instead. A label left with fewer than three cells is not shown (nullopt). When the last (newest)
// label would not show whole, the oldest labels give way, one by one, until it does.
[[nodiscard]] std::vector<std::optional<LabelSpan>> place_labels(const std::vector<int>& marker_x,
                                                                 const std::vector<int>& widths, int row_cells);

}  // namespace pipetop

#pragma once
// The chart's columns over time, and their envelopes kept between frames. Columns sit on a grid of absolute
// time (column k covers [k·column_ns, (k+1)·column_ns)), so a column keeps its edges as the window
// moves. A column that ends at or before the newest point's start is final: points are in time order,
// and only the newest one still grows (history.hpp), so nothing can change it. A frame then computes
// only the columns the newest point reaches and the ones that just came into the window; the chart
// of a long window costs the same as a short one's.

#include <cstdint>
#include <deque>
#include <vector>

#include "pipetop/core/figures/rate_point.hpp"
#include "pipetop/core/screen/chart_math.hpp"

namespace pipetop {

// The start of the grid column of `column_ns` that holds `t_ns` (floor, negative times included).
[[nodiscard]] std::int64_t column_start(std::int64_t t_ns, std::int64_t column_ns);

// What a chart of `columns` columns over `window_ns` spans at `now_ns`: columns of window/columns (at
// least 1 ns) on the grid, the last one holding now.
struct ChartSpan {
  std::int64_t t0_ns = 0;
  std::int64_t column_ns = 1;
  int columns = 0;

  [[nodiscard]] std::int64_t span_ns() const { return column_ns * columns; }
  // The column of `cells` equal cells across the span that holds `t_ns` (before 0 or past the last: out of it).
  [[nodiscard]] int cell_of(std::int64_t t_ns, int cells) const;
};
[[nodiscard]] ChartSpan chart_span(std::int64_t now_ns, std::int64_t window_ns, int columns);

class ColumnCache {
 public:
  // The envelopes (chart_math.hpp) of `count` columns of `column_ns` from `t0_ns`, a multiple of
  // `column_ns`; `points` in time order, those already seen unchanged but the newest.
  const std::vector<Envelope>& columns(const std::deque<RatePoint>& points, std::int64_t t0_ns, std::int64_t column_ns,
                                       int count);

  // The points were replaced: nothing kept holds.
  void clear();

 private:
  std::int64_t column_ns_ = 0;
  std::int64_t first_ = 0;      // the grid index of final_.front()
  std::deque<Envelope> final_;  // final columns from first_, in order
  std::vector<Envelope> out_;
};

}  // namespace pipetop

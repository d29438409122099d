#pragma once
// The chart of a run as a standalone SVG, drawn as the dashboard draws it and from the same chart
// math: the GiB/s axis (linear or log, fitted or pinned), each column's lowest–highest rate as a
// light band and its mean as the trace, a labelled marker at each configuration change, the mean of
// each segment as a labelled line over it, the configuration as the title, the machine line, the
// stamp (headline figure, what made it and when, the disturbed caveat), and seconds along the bottom. Filled from
// anything that has rates (the dashboard's history, a run's samples, a recording), so it knows nothing of where they
// came from.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/report/svg_page.hpp"
#include "pipetop/core/screen/chart_math.hpp"

namespace pipetop {

struct PictureSegment {
  std::int64_t start_ns = 0;
  std::string label;                     // its marker's label ("+vmsplice"); the first segment has no marker
  std::optional<double> mean_gib_per_s;  // drawn over the segment when known
};

struct ChartPicture {
  std::deque<RatePoint> rates;           // the reader's rate per sample interval, as History keeps them
  std::vector<PictureSegment> segments;  // in time order; each lasts until the next one starts
  std::int64_t t0_ns = 0;                // the time shown, left to right edge
  std::int64_t t1_ns = 0;
  std::string title;    // the configuration in words
  std::string machine;  // "AMD EPYC 7B13 · 2 CPUs · Linux 6.18"
  bool log = false;
  std::optional<double> y_max_gib_per_s;  // pins the axis (linear: its top; log: its decade)
  PictureStamp stamp{};
};

// The picture as an SVG document (960 × 540 px). Never fails: empty data gives the axes and
// "no samples"; t1_ns <= t0_ns gives no time axis.
[[nodiscard]] std::string chart_svg(const ChartPicture& picture);

}  // namespace pipetop

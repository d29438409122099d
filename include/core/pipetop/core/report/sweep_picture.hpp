#pragma once
// A sweep's curve (sweep_curve.hpp) as a standalone SVG: the values along the x axis (log scale for
// sizes, linear for offsets), each value's median GiB/s as a point on the curve with its 95% interval
// as an error bar and its ratio to the reference above it, a failed value marked as failed, the caches
// as labelled vertical lines where they fall among the values, the ceiling as a labelled horizontal
// line when one is given, the title and the machine line, and the stamp (the fastest value as the
// headline; the failed values as the caveat).

#include <string>

#include "pipetop/core/experiment/sweep_curve.hpp"
#include "pipetop/core/report/svg_page.hpp"

namespace pipetop {

struct SweepPicture {
  SweepCurve curve;
  std::string title;
  std::string machine;
  PictureStamp stamp{};  // its made part is the caller's (sweep_picture leaves it empty)
};

// The picture of `curve`: the stamp's headline names the fastest value ("fastest: 256 KiB, 3.51
// GiB/s, ×1.12 64 KiB"), its caveat the values that failed.
[[nodiscard]] SweepPicture sweep_picture(SweepCurve curve, std::string title, std::string machine);

// The picture as an SVG document (960 × 540 px). The GiB/s axis starts at 0 and ends at the first
// round tick at or above the highest interval, median or ceiling (tight_scale). Never fails: a curve
// with no value measured gives the axes and "no value measured".
[[nodiscard]] std::string sweep_svg(const SweepPicture& picture);

}  // namespace pipetop

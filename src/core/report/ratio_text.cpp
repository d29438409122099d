#include "pipetop/core/report/ratio_text.hpp"

#include <algorithm>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"

namespace pipetop {

std::string ratio_text(double ratio) {
  return format_fixed(ratio, std::abs(ratio - 1) < 0.1 ? 3 : 2);
}

std::string interval_text(const MedianInterval& interval) {
  return "95% CI " + ratio_text(interval.low) + "–" + ratio_text(interval.high);
}

std::string no_change_bound(const MedianInterval& interval) {
  return "±" + format_percent(std::max(1 - interval.low, interval.high - 1));
}

std::string estimate_text(const RatioEstimate& estimate) {
  if (!estimate.median) return "—";
  const std::string ratio = "×" + ratio_text(estimate.interval ? estimate.interval->median : *estimate.median);
  return ratio +
         (estimate.interval ? " (" + interval_text(*estimate.interval) + ")" : " (too few rounds for an interval)");
}

}  // namespace pipetop

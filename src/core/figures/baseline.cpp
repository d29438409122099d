#include "pipetop/core/figures/baseline.hpp"

namespace pipetop {

std::optional<Baseline> pin_baseline(const History& history) {
  if (history.segments().empty()) return std::nullopt;
  const SegmentStats stats = history.current_segment_stats();
  if (!stats.mean) return std::nullopt;
  const Segment& segment = history.segments().back();
  return Baseline{segment.label, segment.config, *stats.mean, stats.p5, stats.p95};
}

Result<Baseline> recorded_baseline(const Recording& recording, const std::string& name) {
  History history;
  std::optional<Baseline> last;
  for (const SessionEvent& e : recording.events) {
    if (std::holds_alternative<SegmentStart>(e)) {
      if (std::optional<Baseline> b = pin_baseline(history)) last = b;
    }
    history.apply(e);
  }
  if (std::optional<Baseline> b = pin_baseline(history)) last = b;
  if (!last && recording.summary_gib_per_s && recording.summary_config) {
    last = Baseline{"", *recording.summary_config, *recording.summary_gib_per_s, std::nullopt, std::nullopt};
  }
  if (!last) {
    return std::unexpected(usage_error(name + " has no configuration with a measured figure to compare against",
                                       "record a run of a second or more"));
  }
  last->label = name;
  return *last;
}

std::optional<double> against_baseline(const SegmentStats& stats, const Baseline& baseline) {
  if (!stats.mean || baseline.gib_per_s <= 0) return std::nullopt;
  return *stats.mean / baseline.gib_per_s;
}

}  // namespace pipetop

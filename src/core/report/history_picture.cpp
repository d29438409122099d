#include "pipetop/core/report/history_picture.hpp"

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/figures/interference.hpp"

namespace pipetop {
namespace {

// A segment's headline ("9.71 GiB/s steady-state mean") and, when the machine disturbed it, the
// caveat saying which worker waited for its CPU and how long.
PictureStamp segment_stamp(const SegmentAggregate& segment, std::optional<double> mean, std::string_view what) {
  PictureStamp stamp;
  if (mean) stamp.headline = format_fixed(*mean, 2) + " GiB/s " + std::string(what);
  const CpuWaits waits{segment.cpu_wait(WorkerRole::writer), segment.cpu_wait(WorkerRole::reader)};
  if (const std::optional<std::string> words = interference_words(waits, segment.config())) {
    stamp.caveat = "disturbed: " + *words;
  }
  return stamp;
}

}  // namespace

ChartPicture history_picture(const History& history, std::int64_t t0_ns, std::int64_t t1_ns, std::string title,
                             std::string machine, bool log, std::optional<double> y_max) {
  ChartPicture picture{history.rates(), {}, t0_ns, t1_ns, std::move(title), std::move(machine), log, y_max};
  const std::vector<Segment>& segments = history.segments();
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const SegmentStats stats = i + 1 == segments.size() ? history.current_segment_stats() : segments[i].stats;
    picture.segments.push_back({segments[i].start_ns, segments[i].label, stats.mean});
  }
  if (!segments.empty()) {
    const PictureSegment& last = picture.segments.back();
    picture.stamp =
        segment_stamp(history.current(), last.mean_gib_per_s,
                      "mean of the last configuration" + (last.label.empty() ? "" : " (" + last.label + ")"));
  }
  return picture;
}

ChartPicture run_picture(const RunOutcome& o, std::string machine) {
  const SegmentAggregate& segment = o.segment;
  const std::string title =
      describe_config(o.config()) + " · " + describe_pipe(o.config(), segment.pipe_bytes(), o.pipe_bytes_asked);
  // The paced worker's timeline: the reader's, or pipetop's writer's when the user's program reads.
  const std::vector<RatePoint> points = segment.timeline().points();
  if (points.empty()) return history_picture(History{}, 0, 0, title, std::move(machine));
  ChartPicture picture{{points.begin(), points.end()},
                       {},
                       points.front().t0_ns,
                       points.back().t1_ns,
                       title,
                       std::move(machine),
                       false,
                       std::nullopt};
  picture.segments.push_back({points.front().t0_ns, describe_start(o.config()), segment.throughput().gib_per_s()});
  picture.stamp = segment_stamp(segment, segment.throughput().gib_per_s(), "steady-state mean");
  return picture;
}

}  // namespace pipetop

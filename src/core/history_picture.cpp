#include "pipetop/core/history_picture.hpp"

#include "pipetop/core/config_change.hpp"

namespace pipetop {

ChartPicture history_picture(const History& history, std::int64_t t0_ns, std::int64_t t1_ns, std::string title,
                             std::string machine, bool log, std::optional<double> y_max) {
  ChartPicture picture{history.rates(), {}, t0_ns, t1_ns, std::move(title), std::move(machine), log, y_max};
  const std::vector<Segment>& segments = history.segments();
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const SegmentStats stats = i + 1 == segments.size() ? history.current_segment_stats() : segments[i].stats;
    picture.segments.push_back({segments[i].start_ns, segments[i].label, stats.mean});
  }
  return picture;
}

ChartPicture run_picture(const RunOutcome& o, std::string machine) {
  const std::string title = describe_config(o.config) + " · " + describe_pipe(o);
  // The reader's samples, or pipetop's writer's when the user's program reads (--stdout).
  const WorkerRole paced = pipetop::paced_by(o);
  const std::vector<Sample>& samples = paced == WorkerRole::writer ? o.writer : o.reader;
  if (samples.empty()) return history_picture(History{}, 0, 0, title, std::move(machine));
  const std::int64_t t0 = samples.front().t_ns;
  const std::int64_t t1 = samples.back().t_ns;
  History history(t1 - t0 + 1'000'000'000);  // the whole run, however long
  history.begin_segment(SegmentStart{t0, o.config, describe_start(o.config), o.writer_counters, o.reader_counters,
                                     o.pipe_bytes, o.huge_pages, paced});
  for (const Sample& s : samples) history.add(paced, s);
  return history_picture(history, t0, t1, title, std::move(machine));
}

}  // namespace pipetop

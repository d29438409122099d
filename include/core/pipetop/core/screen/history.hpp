#pragma once
// What the dashboard remembers, built from session events alone (session_event.hpp): the reader's
// (with --stdout, pipetop's writer's: SegmentStart::paced_by) throughput over recent time for the chart, split into
// segments at every configuration change (each with its label and, once it ended, its statistics and profiles), the
// current segment's aggregate (segment_aggregate.hpp: its headline figures, profile, time shares, pipe fill, huge
// pages), each worker's derived counter figures and its time on and off the CPU over recent time, and any problem of
// the running pair. Rates never cross a restart: the first sample of a new session starts a new baseline. Per-sample
// work and memory do not grow with the history's length; the list of segments grows by one per change.

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/counters/derived_figures.hpp"
#include "pipetop/core/figures/huge_page_result.hpp"
#include "pipetop/core/figures/pipe_fill.hpp"
#include "pipetop/core/figures/process_times.hpp"
#include "pipetop/core/figures/rate_point.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/figures/segment_aggregate.hpp"
#include "pipetop/core/figures/segment_throughput.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/figures/time_shares.hpp"
#include "pipetop/core/figures/worker_role.hpp"
#include "pipetop/core/profile/worker_profile.hpp"
#include "pipetop/core/screen/chart_columns.hpp"

namespace pipetop {

struct SegmentStats {
  std::optional<double> mean;  // the headline figure (segment_throughput.hpp)
  std::optional<double> p5;
  std::optional<double> p95;
  std::optional<double> speedup;  // mean against the first segment's mean
  std::size_t samples = 0;        // the reader's
  double seconds = 0;
  std::array<std::optional<double>, 2> cpu_wait;  // writer, reader: share of the segment waiting for a CPU
  std::uint64_t bytes = 0;                        // the reader's, first sample to last
  bool huge_pages_verified = false;               // as last checked
};

struct Segment {
  std::int64_t start_ns = 0;
  std::string label;  // what changed ("+vmsplice", "buf 1M"); the first segment's is its description
  RunConfig config;
  SegmentStats stats;  // final once the next segment started; the current one's: current_segment_stats()
  // Each worker's profile (writer, reader), once the segment ended; the current one's: profile().
  std::array<std::optional<ProfileSummary>, 2> profiles;
};

// One worker's derived figures over about a second, for the counters panel and its sparklines.
struct FigurePoint {
  std::int64_t t_ns = 0;
  DerivedFigures figures;
  std::array<std::optional<double>, kMaxCounters> running;  // each counter's running fraction there
};

// One worker's time over about the last second, from the parent's /proc readings.
struct WorkerTimeUse {
  std::optional<double> user_percent;  // of one CPU
  std::optional<double> system_percent;
  std::optional<double> cpu_wait;           // share of the wall time waiting for a CPU
  std::optional<double> voluntary_per_s;    // it slept (on the pipe)
  std::optional<double> involuntary_per_s;  // it was preempted
};

// One worker's transfer calls over about the last second.
struct WorkerCalls {
  std::optional<double> per_s;
  std::optional<double> per_gib;       // calls per GiB moved: a larger buffer makes fewer
  std::optional<double> eagain_share;  // of the calls, those that found the pipe full or empty (spinning)
};

class History {
 public:
  // Keeps `window_ns` of rates and figures for the chart and sparklines.
  explicit History(std::int64_t window_ns = 120LL * 1'000'000'000);

  void apply(const SessionEvent& event);

  // The events' effects, one by one (apply calls these).
  void begin_segment(const SegmentStart& start);
  void add(WorkerRole role, const Sample& sample);
  // The user's program's counters at `role`'s end (OtherCounts): its counter figures, no throughput.
  void add_other_counts(WorkerRole role, const Sample& counts);
  void add_times(WorkerRole role, const ProcessTimes& times);
  void set_huge_pages(const HugePageResult& result) { current_.set_huge_pages(result); }
  void set_problem(std::string text) { problem_ = std::move(text); }
  void start_profile(const ProfileStarted& started);
  void add_profile(const ProfileBatch& batch);

  // Forget everything before `t_ns`; the current segment restarts there and becomes the first.
  void reset(std::int64_t t_ns);

  [[nodiscard]] const std::deque<RatePoint>& rates() const { return rates_; }
  // The chart's columns over the rates (chart_columns.hpp): `count` of `column_ns` from `t0_ns`.
  [[nodiscard]] const std::vector<Envelope>& columns(std::int64_t t0_ns, std::int64_t column_ns, int count) const {
    return columns_.columns(rates_, t0_ns, column_ns, count);
  }
  [[nodiscard]] const std::vector<Segment>& segments() const { return segments_; }
  [[nodiscard]] std::optional<std::int64_t> latest_ns() const { return latest_ns_; }

  // Throughput over the last `window_ns` of reader samples (the big readout): bytes over time.
  [[nodiscard]] std::optional<double> current_gib_per_s(std::int64_t window_ns = 500'000'000) const;
  [[nodiscard]] SegmentStats current_segment_stats() const;
  // Everything the current segment measured, as `run` reports it (exports read it).
  [[nodiscard]] const SegmentAggregate& current() const { return current_; }

  [[nodiscard]] const std::deque<FigurePoint>& figures(WorkerRole role) const;
  [[nodiscard]] const std::vector<CounterInfo>& counters(WorkerRole role) const { return current_.counters(role); }
  [[nodiscard]] WorkerTimeUse time_use(WorkerRole role) const;
  [[nodiscard]] WorkerCalls calls(WorkerRole role) const;

  // The current segment's profile of `role`; nullopt when it is not profiled.
  [[nodiscard]] const std::optional<WorkerProfile>& profile(WorkerRole role) const { return current_.profile(role); }
  // Where `role`'s wall time went over the current segment (the user/kernel split from its profile
  // when it can); nullopt before two /proc readings.
  [[nodiscard]] std::optional<TimeShares> time_shares(WorkerRole role) const { return current_.time_shares(role); }
  // What the reader found in the pipe over the current segment.
  [[nodiscard]] const PipeFill& pipe_fill() const { return current_.pipe_fill(); }

  [[nodiscard]] std::uint64_t pipe_bytes() const { return current_.pipe_bytes(); }
  [[nodiscard]] const HugePageResult& huge_pages() const { return current_.huge_pages(); }
  [[nodiscard]] const std::string& problem() const { return problem_; }

 private:
  struct WorkerTrack {
    std::deque<Sample> recent;  // about the last two seconds, for figures over ~1 s
    std::deque<FigurePoint> figures;
    std::int64_t next_figure_ns = 0;
    std::deque<ProcessTimes> times;  // about the last two seconds
  };
  WorkerTrack& track(WorkerRole role) { return role == WorkerRole::writer ? writer_ : reader_; }
  [[nodiscard]] const WorkerTrack& track(WorkerRole role) const {
    return role == WorkerRole::writer ? writer_ : reader_;
  }
  void add_rate(const Sample& sample);
  void keep(WorkerRole role, const Sample& sample);
  void add_figure(WorkerRole role, const Sample& sample);
  void trim(std::int64_t now_ns);
  void close_segment();

  std::int64_t window_ns_;
  std::deque<RatePoint> rates_;
  mutable ColumnCache columns_;  // of rates_, kept between frames
  std::vector<Segment> segments_;
  SegmentAggregate current_;  // the current segment's figures
  WorkerTrack writer_;
  WorkerTrack reader_;
  std::optional<std::int64_t> latest_ns_;
  std::string problem_;
};

}  // namespace pipetop

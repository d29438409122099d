#pragma once
// What the dashboard remembers: the reader's throughput per sample interval, split into segments at
// every configuration change (each with its label for the chart's marker), per-segment statistics,
// and each worker's derived counter figures over recent time. Rates never cross a restart: the first
// sample of a new session starts a new baseline.

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/counter_info.hpp"
#include "pipetop/core/derived_figures.hpp"
#include "pipetop/core/run_config.hpp"
#include "pipetop/core/run_outcome.hpp"
#include "pipetop/core/sample.hpp"

namespace pipetop {

// The reader's rate over one sample interval.
struct RatePoint {
  std::int64_t t0_ns = 0;
  std::int64_t t1_ns = 0;
  double gib_per_s = 0;
};

struct Segment {
  std::int64_t start_ns = 0;
  std::string label;  // what changed ("+vmsplice", "buf 1M"); the first segment's is its description
  RunConfig config;
};

struct SegmentStats {
  std::optional<double> mean;  // bytes over time, not a mean of rates
  std::optional<double> p5;
  std::optional<double> p95;
  std::optional<double> speedup;  // mean against the first segment's mean
};

// One worker's derived figures over about a second, for the counters panel and its sparklines.
struct FigurePoint {
  std::int64_t t_ns = 0;
  DerivedFigures figures;
  std::array<std::optional<double>, kMaxCounters> running;  // each counter's running fraction there
};

class History {
 public:
  // Keeps `retention_ns` of points (older ones are dropped as new ones arrive).
  explicit History(std::int64_t retention_ns = 600LL * 1'000'000'000);

  // A new session started at `t_ns` with `config`: a new segment, new counter layouts, no rate across.
  void begin_segment(std::int64_t t_ns, const RunConfig& config, std::string label,
                     std::vector<CounterInfo> writer_counters, std::vector<CounterInfo> reader_counters);

  void add(WorkerRole role, const Sample& sample);

  // Forget everything before `t_ns`; the current segment restarts there and becomes the first.
  void reset(std::int64_t t_ns);

  [[nodiscard]] const std::deque<RatePoint>& rates() const { return rates_; }
  [[nodiscard]] const std::vector<Segment>& segments() const { return segments_; }
  [[nodiscard]] std::optional<std::int64_t> latest_ns() const { return latest_ns_; }

  // Throughput over the last `window_ns` of reader samples (the big readout): bytes over time.
  [[nodiscard]] std::optional<double> current_gib_per_s(std::int64_t window_ns = 500'000'000) const;
  [[nodiscard]] SegmentStats current_segment_stats() const;

  [[nodiscard]] const std::deque<FigurePoint>& figures(WorkerRole role) const;
  [[nodiscard]] const std::vector<CounterInfo>& counters(WorkerRole role) const;

 private:
  struct WorkerTrack {
    std::vector<CounterInfo> counters;
    std::deque<Sample> recent;  // about the last two seconds, for figures over ~1 s
    std::deque<FigurePoint> figures;
    std::int64_t next_figure_ns = 0;
  };
  WorkerTrack& track(WorkerRole role) { return role == WorkerRole::writer ? writer_ : reader_; }
  [[nodiscard]] std::optional<double> segment_mean(std::size_t index) const;
  void add_rate(const Sample& sample);
  void trim(std::int64_t now_ns);

  std::int64_t retention_ns_;
  std::deque<RatePoint> rates_;
  std::vector<Segment> segments_;
  std::vector<std::pair<std::uint64_t, std::int64_t>> segment_totals_;  // bytes, ns moved per segment
  WorkerTrack writer_;
  WorkerTrack reader_;
  std::optional<std::int64_t> latest_ns_;
};

}  // namespace pipetop

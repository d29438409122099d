#pragma once
// One segment's figures — a configuration from its start to its end, or to now — folded in as its
// session events arrive (session_event.hpp): the headline throughput (segment_throughput.hpp) and its
// timeline, each worker's first and last samples (so every cumulative figure: bytes, calls, counters,
// spins), its first and last /proc readings, its profile, the pipe's fill and the huge-page check.
// Memory is bounded by the segment's figures, not its length: a run of an hour holds what a run of a
// second does (and a timeline of at most kTimelineSpans spans). summary() gives what every report
// prints. `run`, check, tune, the exports, the dashboard's History, the tour and replay all read it.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "pipetop/core/figures/pipe_fill.hpp"
#include "pipetop/core/figures/rate_timeline.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/figures/segment_throughput.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/figures/time_shares.hpp"

namespace pipetop {

class SegmentAggregate {
 public:
  SegmentAggregate() = default;  // an empty segment of the default configuration
  explicit SegmentAggregate(const SegmentStart& start);

  // Every event but a SegmentStart (which starts a new aggregate): samples, the user's program's
  // counts, /proc readings, huge-page checks, profiles. Problems and refusals change no figure.
  void apply(const SessionEvent& event);
  // A sample of `role`'s worker; one out of time order is ignored, so no rate goes backwards.
  void add(WorkerRole role, const Sample& sample);
  // The parent's reading of the counters it opened on the user's program at `role`'s end (OtherCounts).
  void add_other_counts(WorkerRole role, const Sample& counts);
  void add_times(WorkerRole role, const ProcessTimes& times);
  void set_huge_pages(const HugePageResult& result) { huge_ = result; }
  // `role`'s profile begins: as the parent starts it, empty (ProfileStarted), batches added after.
  void start_profile(WorkerRole role, WorkerProfile profile);
  void add_profile(const ProfileBatch& batch);
  // The CPU time the worker used over its transfer, once it was reaped (its own rusage, exact); until
  // then the CPU shares come from the parent's /proc readings.
  void set_cpu_time(WorkerRole role, const CpuTime& cpu);

  // The same configuration, its figures counted again from `t_ns` on (the dashboard's r): each
  // worker's latest sample and reading become its first, the throughput and profile start empty.
  void restart_at(std::int64_t t_ns);

  [[nodiscard]] const SegmentStart& start() const { return start_; }
  [[nodiscard]] const RunConfig& config() const { return start_.config; }
  // The configuration as a rerun line should name it (run's --duration, not the trial's own).
  void set_config(const RunConfig& config) { start_.config = config; }
  [[nodiscard]] WorkerRole paced_by() const { return start_.paced_by; }
  [[nodiscard]] std::uint64_t pipe_bytes() const { return start_.pipe_bytes; }
  [[nodiscard]] const std::vector<CounterInfo>& counters(WorkerRole role) const;
  [[nodiscard]] const HugePageResult& huge_pages() const { return huge_; }

  [[nodiscard]] const SegmentThroughput& throughput() const { return throughput_; }
  [[nodiscard]] const RateTimeline& timeline() const { return timeline_; }
  [[nodiscard]] const PipeFill& pipe_fill() const { return fill_; }
  [[nodiscard]] const std::optional<Sample>& first_sample(WorkerRole role) const { return worker(role).first; }
  [[nodiscard]] const std::optional<Sample>& last_sample(WorkerRole role) const { return worker(role).last; }
  // Samples taken (the worker's own, or the parent's readings of the user's program).
  [[nodiscard]] std::uint64_t samples(WorkerRole role) const { return worker(role).samples; }
  // The user's program holds `role`'s end: its counters are read from outside, its calls unseen.
  [[nodiscard]] bool counted_from_outside(WorkerRole role) const { return worker(role).from_outside; }
  [[nodiscard]] const std::optional<ProcessTimes>& first_times(WorkerRole role) const {
    return worker(role).first_times;
  }
  [[nodiscard]] const std::optional<ProcessTimes>& last_times(WorkerRole role) const { return worker(role).last_times; }
  [[nodiscard]] const std::optional<WorkerProfile>& profile(WorkerRole role) const { return worker(role).profile; }
  // The latest instant any sample or reading of the segment carries; nullopt before one.
  [[nodiscard]] std::optional<std::int64_t> latest_ns() const { return latest_ns_; }

  // The share of the segment `role` waited for a CPU; nullopt before two /proc readings.
  [[nodiscard]] std::optional<double> cpu_wait(WorkerRole role) const;
  // Where `role`'s wall time went (the user/kernel split from its profile when it can).
  [[nodiscard]] std::optional<TimeShares> time_shares(WorkerRole role) const;

  // Everything a report prints of the segment.
  [[nodiscard]] RunSummary summary() const;

 private:
  struct Worker {
    std::optional<Sample> first;
    std::optional<Sample> last;
    std::uint64_t samples = 0;
    bool from_outside = false;
    std::optional<ProcessTimes> first_times;
    std::optional<ProcessTimes> last_times;
    std::optional<WorkerProfile> profile;
    std::optional<CpuTime> cpu;  // set_cpu_time
  };
  [[nodiscard]] Worker& worker(WorkerRole role) { return workers_[role_index(role)]; }
  [[nodiscard]] const Worker& worker(WorkerRole role) const { return workers_[role_index(role)]; }
  void keep(Worker& w, const Sample& sample);
  [[nodiscard]] WorkerSummary worker_summary(WorkerRole role) const;

  SegmentStart start_;
  HugePageResult huge_;
  SegmentThroughput throughput_;
  RateTimeline timeline_;
  PipeFill fill_;
  std::array<Worker, 2> workers_;
  std::optional<std::int64_t> latest_ns_;
};

}  // namespace pipetop

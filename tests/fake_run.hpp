#pragma once
// A run made up for a test: the samples, readings and profiles its workers would have sent, folded
// into a RunOutcome's segment in time order, as the session driver folds a real run's events.

#include <array>
#include <optional>
#include <vector>

#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/figures/run_outcome.hpp"

namespace pipetop::testing {

struct FakeRun {
  RunConfig config;
  std::vector<Sample> writer;  // each worker's samples, in time order
  std::vector<Sample> reader;
  std::vector<CounterInfo> writer_counters;
  std::vector<CounterInfo> reader_counters;
  std::uint64_t pipe_bytes = 0;
  HugePageResult huge_pages;
  WorkerRole paced_by = WorkerRole::reader;
  std::array<std::vector<ProcessTimes>, 2> times;        // the parent's readings of each worker (writer, reader)
  std::array<std::optional<WorkerProfile>, 2> profiles;  // each worker's profile, when profiled
  std::array<std::optional<CpuTime>, 2> cpu;             // each worker's CPU time once reaped
  // The parent's readings of the counters opened on the user's program, which holds `other_role`'s end.
  std::vector<Sample> other_counts;
  WorkerRole other_role = WorkerRole::writer;
  RunOutcome rest;  // how the run ended, verify, drops, the other end...: all but the segment

  // `rest` with its segment: everything above folded in.
  [[nodiscard]] RunOutcome outcome() const {
    RunOutcome outcome = rest;
    outcome.segment =
        SegmentAggregate(SegmentStart{writer.empty() ? 0 : writer.front().t_ns, config, describe_start(config),
                                      writer_counters, reader_counters, pipe_bytes, huge_pages, paced_by});
    SegmentAggregate& s = outcome.segment;
    for (const Sample& sample : writer) s.add(WorkerRole::writer, sample);
    for (const Sample& sample : reader) s.add(WorkerRole::reader, sample);
    for (const Sample& counts : other_counts) s.add_other_counts(other_role, counts);
    for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
      const std::size_t i = role_index(role);
      for (const ProcessTimes& t : times[i]) s.add_times(role, t);
      if (profiles[i]) s.start_profile(role, *profiles[i]);
      if (cpu[i]) s.set_cpu_time(role, *cpu[i]);
    }
    return outcome;
  }
};

}  // namespace pipetop::testing

#pragma once
// What the dashboard learns about the pair it watches, in time order: a new configuration starting
// (a segment), each worker's samples, the parent's readings of each worker from /proc (and of the
// counters it opened on the user's program, when one holds an end), each worker's profile (how it is
// sampled, then its samples batch by batch), huge-page checks, and problems. History is built from
// these alone, so a recording of them draws the same dashboard as the live pair did.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/figures/huge_page_result.hpp"
#include "pipetop/core/figures/process_times.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/figures/worker_role.hpp"
#include "pipetop/core/profile/worker_profile.hpp"

namespace pipetop {

// A pair started with `config`: everything before it belongs to earlier segments.
struct SegmentStart {
  std::int64_t t_ns = 0;
  RunConfig config;                          // as it runs (default CPUs resolved, the pipe size the kernel gave)
  std::string label;                         // what changed ("+vmsplice"); the first segment's is its description
  std::vector<CounterInfo> writer_counters;  // each worker's counters, in sample order
  std::vector<CounterInfo> reader_counters;
  std::uint64_t pipe_bytes = 0;
  HugePageResult huge_pages;  // the workers' own check after pre-faulting (with --huge-pages)
  // Whose samples give the throughput: the reader's, or pipetop's writer's when the user's program
  // reads (--stdout).
  WorkerRole paced_by = WorkerRole::reader;
};

struct WorkerSample {
  WorkerRole role = WorkerRole::writer;
  Sample sample;
};

// The parent's reading of the counters it opened on the user's program at `role`'s end of the pipe:
// sample.t_ns, sample.counters (in the order of that role's counters in SegmentStart), and
// sample.bytes, the bytes pipetop's own worker had moved by then (the same bytes went through the
// program). No calls, spins or fill: those are a worker's own.
struct OtherCounts {
  WorkerRole role = WorkerRole::writer;
  Sample sample;
};

struct WorkerTimes {
  WorkerRole role = WorkerRole::writer;
  ProcessTimes times;
};

// The parent started profiling a worker of the current segment: how, and what it cannot show.
struct ProfileStarted {
  std::int64_t t_ns = 0;
  WorkerRole role = WorkerRole::writer;
  ProfileSource source;
};

// What a worker's profile recorded since the previous batch: its samples, named, and the count the
// kernel dropped.
struct ProfileBatch {
  std::int64_t t_ns = 0;
  WorkerRole role = WorkerRole::writer;
  std::vector<ProfileSample> samples;
  std::uint64_t lost = 0;
};

struct HugePagesSeen {
  std::int64_t t_ns = 0;
  HugePageResult result;
};

// Something went wrong with the running pair (a worker failed or was killed): shown until the next
// segment starts.
struct PairProblem {
  std::int64_t t_ns = 0;
  std::string text;
};

// A configuration that could not start (the kernel or a worker refused it): the previous one runs again.
struct ChangeRefused {
  std::int64_t t_ns = 0;
  RunConfig config;  // what was asked for
  std::string text;  // why not
};

using SessionEvent = std::variant<SegmentStart, WorkerSample, WorkerTimes, HugePagesSeen, PairProblem, ChangeRefused,
                                  ProfileStarted, ProfileBatch, OtherCounts>;

// When the event happened (CLOCK_MONOTONIC): its sample's or reading's time, or its own.
[[nodiscard]] std::int64_t event_time_ns(const SessionEvent& event);

}  // namespace pipetop

#pragma once
// What the dashboard learns about the pair it watches, in time order: a new configuration starting
// (a segment), each worker's samples, the parent's readings of each worker from /proc, huge-page
// checks, and problems. History is built from these alone, so a recording of them draws the same
// dashboard as the live pair did.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "pipetop/core/counter_info.hpp"
#include "pipetop/core/process_times.hpp"
#include "pipetop/core/run_config.hpp"
#include "pipetop/core/run_outcome.hpp"
#include "pipetop/core/sample.hpp"

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
};

struct WorkerSample {
  WorkerRole role = WorkerRole::writer;
  Sample sample;
};

struct WorkerTimes {
  WorkerRole role = WorkerRole::writer;
  ProcessTimes times;
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

using SessionEvent = std::variant<SegmentStart, WorkerSample, WorkerTimes, HugePagesSeen, PairProblem, ChangeRefused>;

// When the event happened (CLOCK_MONOTONIC): its sample's or reading's time, or its own.
[[nodiscard]] std::int64_t event_time_ns(const SessionEvent& event);

}  // namespace pipetop

#pragma once
// What a finished (or interrupted) run produced: everything a report needs, and nothing measured
// elsewhere.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/counter_info.hpp"
#include "pipetop/core/cpu_time.hpp"
#include "pipetop/core/process_times.hpp"
#include "pipetop/core/run_config.hpp"
#include "pipetop/core/sample.hpp"
#include "pipetop/core/worker_profile.hpp"

namespace pipetop {

enum class WorkerRole { writer, reader };
[[nodiscard]] std::string_view to_string(WorkerRole role);
// 0 for the writer, 1 for the reader: where a worker's entry is in a pair of them.
[[nodiscard]] constexpr std::size_t role_index(WorkerRole role) {
  return role == WorkerRole::writer ? 0 : 1;
}

struct HugePageResult {
  bool requested = false;
  bool verified = false;        // every buffer of both workers is backed by huge pages, as measured
  std::string detail;           // what was measured, or why they were not obtained / not checked
  std::int64_t checked_ns = 0;  // when it was measured (CLOCK_MONOTONIC); 0 when never
};

// The pair's huge pages from each worker's: verified when both are, both details, the older check.
[[nodiscard]] HugePageResult combine_huge_pages(const HugePageResult& writer, const HugePageResult& reader);

struct VerifyResult {
  std::uint64_t bytes_checked = 0;
  std::uint64_t mismatches = 0;
  std::uint64_t first_mismatch = 0;  // stream offset; meaningful when mismatches > 0
};

enum class EndReason { duration, bytes, interrupted, worker_failed, other_end };
[[nodiscard]] std::string_view to_string(EndReason reason);

// The end of the pipe held by the user's program, when pipetop measures one (pipe_ends.hpp).
struct OtherEnd {
  WorkerRole role = WorkerRole::writer;  // the part it plays
  std::string words;                     // "producer (stdin)", "command", "consumer (stdout)"
  std::int64_t pid = 0;                  // 0: not known
  std::string command_line;              // as /proc/PID/cmdline has it, or the command pipetop started
  std::string unknown_reason;            // why it could not be named, when pid is 0
  std::optional<int> exit_status;        // a command pipetop started: its exit status
  std::optional<int> exit_signal;        // ... or the signal that ended it
  bool ended_by_pipetop = false;         // ... pipetop stopped it (the duration, a signal to pipetop)
  std::string pass_path;                 // --pass: how the bytes go on to stdout
  std::vector<std::string> command;      // a command pipetop started (-- COMMAND): its arguments
  bool pass = false;                     // --pass: pipetop forwarded what it read to stdout
  bool until_end = false;                // no --duration: it ran until the other program closed its end
};

struct RunOutcome {
  RunConfig config;                               // as run: default CPUs resolved
  std::uint64_t pipe_bytes = 0;                   // F_GETPIPE_SZ of the pipe the workers used
  std::optional<std::uint64_t> pipe_bytes_asked;  // --pipe-size, when the kernel gave another size
  std::vector<Sample> writer;                     // samples in time order; the first is the start of transfer
  std::vector<Sample> reader;
  std::uint64_t dropped_samples = 0;  // both rings
  HugePageResult huge_pages;
  std::optional<VerifyResult> verify;
  EndReason end = EndReason::duration;
  std::string failure;                       // a worker's error, when end == worker_failed
  std::vector<CounterInfo> writer_counters;  // each worker's counters, in sample order
  std::vector<CounterInfo> reader_counters;
  CpuTime writer_cpu;  // CPU time of each worker's transfer
  CpuTime reader_cpu;
  std::int64_t started_ns = 0;  // when the workers were told to go (CLOCK_MONOTONIC)
  // The parent's first and last /proc readings of each worker during the transfer (writer, reader).
  std::array<std::optional<ProcessTimes>, 2> times_first;
  std::array<std::optional<ProcessTimes>, 2> times_last;
  bool shared_cpus = false;  // fewer CPUs than the two workers and pipetop itself
  // Each worker's profile (writer, reader), when the run was profiled (run --profile, check).
  std::array<std::optional<WorkerProfile>, 2> profiles;
  std::optional<OtherEnd> other_end;  // set when one end is the user's program (its times: times_first/last)
  // The parent's readings of the counters opened on the user's program (its role's counters above),
  // each with the bytes pipetop's worker had moved by then; empty when none were opened.
  std::vector<Sample> other_counts;
};

// Whose samples give the throughput: the reader's, or pipetop's writer's when the user's program reads.
[[nodiscard]] WorkerRole paced_by(const RunOutcome& outcome);

}  // namespace pipetop

#pragma once
// What a finished (or interrupted) run produced: its segment's figures, folded in as the samples came
// (segment_aggregate.hpp), and how the run ended. Bounded whatever the run's length: no sample is kept.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pipetop/core/figures/buffer_setup.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/figures/huge_page_result.hpp"
#include "pipetop/core/figures/other_end.hpp"
#include "pipetop/core/figures/segment_aggregate.hpp"
#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

struct VerifyResult {
  std::uint64_t bytes_checked = 0;
  std::uint64_t mismatches = 0;
  std::uint64_t first_mismatch = 0;  // stream offset; meaningful when mismatches > 0
};

// --zerocopy: the writer's send(MSG_ZEROCOPY) calls, how many the kernel reported complete, and how
// many of those it completed by copying after all (over loopback, all: the receiver is local).
struct ZeroCopyResult {
  std::uint64_t sends = 0;
  std::uint64_t completed = 0;
  std::uint64_t copied = 0;
};

// `running`: not ended: the summary so far of a run that goes on (run's SIGUSR1).
enum class EndReason { duration, bytes, interrupted, worker_failed, other_end, running };
[[nodiscard]] std::string_view to_string(EndReason reason);

struct RunOutcome {
  SegmentAggregate segment;                       // the configuration as run (default CPUs resolved) and its figures
  std::optional<std::uint64_t> pipe_bytes_asked;  // --pipe-size, when the kernel gave another size
  std::uint64_t dropped_samples = 0;              // both rings
  std::optional<VerifyResult> verify;
  std::optional<ZeroCopyResult> zerocopy;
  std::optional<BufferSetup> writer_setup;  // pipetop's own workers' buffers: set-up and transfer faults
  std::optional<BufferSetup> reader_setup;
  EndReason end = EndReason::duration;
  std::string failure;                // a worker's error, when end == worker_failed
  std::int64_t started_ns = 0;        // when the workers were told to go (CLOCK_MONOTONIC)
  bool shared_cpus = false;           // fewer CPUs than the two workers and pipetop itself
  std::optional<OtherEnd> other_end;  // set when one end is the user's program
  std::optional<Ceiling> ceiling;     // memcpy of the buffer size, measured before the pair started (run)

  [[nodiscard]] const RunConfig& config() const { return segment.config(); }
};

// The figures every report prints of the run: its segment's summary.
[[nodiscard]] inline RunSummary summarize(const RunOutcome& outcome) {
  return outcome.segment.summary();
}

// When the last huge-page check was made, in seconds after the workers started; nullopt when never.
[[nodiscard]] std::optional<double> huge_pages_checked_s(const RunOutcome& outcome);

}  // namespace pipetop

#pragma once
// One sample a worker streams to the dashboard: cumulative figures at a monotonic instant (and the
// reader's one look at the pipe's fill). Rates are computed by the consumer from deltas of cumulative
// values, so a dropped sample costs resolution, never bytes.

#include <array>
#include <cstdint>
#include <type_traits>

#include "pipetop/core/counters/counter.hpp"

namespace pipetop {

struct Sample {
  std::int64_t t_ns = 0;       // CLOCK_MONOTONIC, nanoseconds
  std::uint64_t bytes = 0;     // cumulative bytes this worker moved through the pipe
  std::uint64_t syscalls = 0;  // cumulative syscalls of the transfer loop (transfers, EAGAINs, polls)
  std::uint64_t eagain = 0;    // cumulative EAGAIN returns (busy loop spinning on a full/empty pipe)
  std::uint64_t spin_ns = 0;   // cumulative time in busy-loop calls that found the pipe full/empty
  // Not cumulative: the bytes in the pipe when the sample was taken, as the reader finds them when it
  // comes back for more (ioctl FIONREAD, once per sample); -1 for the writer, or when unknown.
  std::int64_t pipe_fill = -1;
  std::uint32_t counter_count = 0;                      // readings in use, in the order of the worker's counter layout
  std::array<CounterReading, kMaxCounters> counters{};  // cumulative, as read from perf
};

static_assert(std::is_trivially_copyable_v<Sample>, "samples are copied through shared memory");
static_assert(std::is_standard_layout_v<Sample>);

}  // namespace pipetop

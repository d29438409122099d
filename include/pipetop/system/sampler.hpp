#pragma once
// The worker side of sampling: cumulative counts kept in registers, pushed into the worker's ring at
// a fixed cadence with the worker's counters. The hot-loop cost is one clock read per syscall; at each
// sample, one read() per counter group and a ring push that never waits.

#include <cerrno>
#include <cstdint>

#include "pipetop/system/clock.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/shared_region.hpp"

namespace pipetop {

struct TransferCounts {
  std::uint64_t bytes = 0;
  std::uint64_t syscalls = 0;
  std::uint64_t eagain = 0;
};

class Sampler {
 public:
  Sampler(SampleRing& ring, std::int64_t interval_ns, CounterSet& counters) noexcept
      : ring_(ring), counters_(counters), interval_ns_(interval_ns) {}

  // The first sample: the start of transfer.
  void start(const TransferCounts& counts) noexcept {
    const std::int64_t now = monotonic_ns();
    next_ns_ = now + interval_ns_;
    push(now, counts);
  }

  // A sample if the interval has passed since the last one.
  void tick(const TransferCounts& counts) noexcept {
    const std::int64_t now = monotonic_ns();
    if (now < next_ns_) return;
    next_ns_ += interval_ns_;
    if (next_ns_ <= now) next_ns_ = now + interval_ns_;  // fell behind (descheduled): do not burst
    push(now, counts);
  }

  // After a transfer call failed with `err`: true when the loop should call again — EINTR, or EAGAIN
  // in a busy loop (counted, and sampled so a spinning worker still reports).
  [[nodiscard]] bool retry_after(int err, TransferCounts& counts) noexcept {
    if (err == EAGAIN) {
      ++counts.eagain;
      tick(counts);
      return true;
    }
    return err == EINTR;
  }

  // The last sample: the end of transfer, whatever the cadence.
  void finish(const TransferCounts& counts) noexcept { push(monotonic_ns(), counts); }

 private:
  void push(std::int64_t now, const TransferCounts& c) noexcept {
    Sample sample{now, c.bytes, c.syscalls, c.eagain};
    counters_.read_into(sample);
    (void)ring_.try_push(sample);
  }

  SampleRing& ring_;
  CounterSet& counters_;
  std::int64_t interval_ns_;
  std::int64_t next_ns_ = 0;
};

}  // namespace pipetop

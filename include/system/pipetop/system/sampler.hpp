#pragma once
// The worker side of sampling: cumulative counts kept in registers, pushed into the worker's ring at
// a fixed cadence with the worker's counters. The hot-loop cost is one clock read per syscall (whose
// value also times the calls that spin on EAGAIN); at each sample, one read() per counter group, for
// the reader one ioctl(FIONREAD) on the pipe, and a ring push that never waits.

#include <sys/ioctl.h>

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
  std::uint64_t spin_ns = 0;  // in calls that returned EAGAIN (and busy polls that found nothing)
};

class Sampler {
 public:
  // `fill_fd`: the pipe end whose fill each sample reads (the reader's), or -1 for none.
  Sampler(SampleRing& ring, std::int64_t interval_ns, CounterSet& counters, int fill_fd = -1) noexcept
      : ring_(ring), counters_(counters), interval_ns_(interval_ns), fill_fd_(fill_fd) {}

  // The first sample: the start of transfer.
  void start(const TransferCounts& counts) noexcept {
    const std::int64_t now = monotonic_ns();
    next_ns_ = now + interval_ns_;
    last_ns_ = now;
    push(now, counts);
  }

  // After a call that moved bytes: a sample if the interval has passed since the last one.
  void tick(const TransferCounts& counts) noexcept { tick_at(monotonic_ns(), counts); }

  // After a transfer call failed with `err`: true when the loop should call again — EINTR, or EAGAIN
  // in a busy loop (counted, its time since the previous call's end added to spin_ns, and sampled so a
  // spinning worker still reports).
  [[nodiscard]] bool retry_after(int err, TransferCounts& counts) noexcept {
    if (err == EAGAIN) {
      const std::int64_t now = monotonic_ns();
      ++counts.eagain;
      counts.spin_ns += static_cast<std::uint64_t>(now - last_ns_);
      tick_at(now, counts);
      return true;
    }
    return err == EINTR;
  }

  // The last sample: the end of transfer, whatever the cadence.
  void finish(const TransferCounts& counts) noexcept { push(monotonic_ns(), counts); }

 private:
  void tick_at(std::int64_t now, const TransferCounts& counts) noexcept {
    last_ns_ = now;
    if (now < next_ns_) return;
    next_ns_ += interval_ns_;
    if (next_ns_ <= now) next_ns_ = now + interval_ns_;  // fell behind (descheduled): do not burst
    push(now, counts);
  }

  void push(std::int64_t now, const TransferCounts& c) noexcept {
    Sample sample{now, c.bytes, c.syscalls, c.eagain, c.spin_ns, pipe_fill()};
    counters_.read_into(sample);
    (void)ring_.try_push(sample);
  }

  // What the reader will find when it comes back for more; -1 when there is no pipe to look at.
  [[nodiscard]] std::int64_t pipe_fill() const noexcept {
    int bytes = 0;
    if (fill_fd_ < 0 || ioctl(fill_fd_, FIONREAD, &bytes) != 0) return -1;
    return bytes;
  }

  SampleRing& ring_;
  CounterSet& counters_;
  std::int64_t interval_ns_;
  int fill_fd_;
  std::int64_t next_ns_ = 0;
  std::int64_t last_ns_ = 0;  // when the previous call ended
};

}  // namespace pipetop

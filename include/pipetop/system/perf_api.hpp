#pragma once
// The perf_event_open seam: the few calls counters make, behind an interface, so the no-PMU, the
// paranoid, the busy and the multiplexed paths can all be tested on any machine with a fake.

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstddef>

namespace pipetop {

class PerfApi {
 public:
  virtual ~PerfApi() = default;
  // perf_event_open(2) on the calling process (pid 0, any CPU). Returns the fd, or -1 with `err` set.
  virtual int open(const perf_event_attr& attr, int group_fd, int& err) = 0;
  // read(2). Returns the byte count, or -1 with `err` set.
  virtual ssize_t read(int fd, void* buffer, std::size_t length, int& err) = 0;
  // ioctl(2) with an integer argument. Returns 0, or -1 with `err` set.
  virtual int ioctl(int fd, unsigned long request, unsigned long arg, int& err) = 0;
  virtual void close(int fd) = 0;
};

// The real kernel calls.
[[nodiscard]] PerfApi& kernel_perf_api();

}  // namespace pipetop

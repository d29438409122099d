#pragma once
// The perf_event_open seam: the few calls counters and profiles make, behind an interface, so the
// no-PMU, the paranoid, the busy and the multiplexed paths, and the sampling ring's wrap-around and
// lost records, can all be tested on any machine with a fake.

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstddef>

namespace pipetop {

class PerfApi {
 public:
  virtual ~PerfApi() = default;
  // perf_event_open(2) on the calling process (pid 0, any CPU). Returns the fd, or -1 with `err` set.
  virtual int open(const perf_event_attr& attr, int group_fd, int& err) = 0;
  // perf_event_open(2) on process `pid` (any CPU) from outside, in the group of `group_fd` (-1: none):
  // a profiler watching it, or the counters of the user's program at the other end of the pipe.
  // Returns the fd, or -1 with `err` set.
  virtual int open_process(const perf_event_attr& attr, pid_t pid, int group_fd, int& err) = 0;
  // perf_event_open(2) on CPU `cpu`, every process that runs there (pid -1), as a profiler watching a
  // pinned process without joining its context switches. Returns the fd, or -1 with `err` set.
  virtual int open_cpu(const perf_event_attr& attr, int cpu, int& err) = 0;
  // read(2). Returns the byte count, or -1 with `err` set.
  virtual ssize_t read(int fd, void* buffer, std::size_t length, int& err) = 0;
  // ioctl(2) with an integer argument. Returns 0, or -1 with `err` set.
  virtual int ioctl(int fd, unsigned long request, unsigned long arg, int& err) = 0;
  // mmap(2) of `bytes` of event `fd`'s sample ring, read-write and shared (so the reader can hand
  // space back through data_tail). Returns the mapping, or nullptr with `err` set.
  virtual void* map(int fd, std::size_t bytes, int& err) = 0;
  // munmap(2) of a mapping map() returned.
  virtual void unmap(void* address, std::size_t bytes) = 0;
  virtual void close(int fd) = 0;
};

// The real kernel calls.
[[nodiscard]] PerfApi& kernel_perf_api();

}  // namespace pipetop

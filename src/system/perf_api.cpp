#include "pipetop/system/perf_api.hpp"

#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace pipetop {
namespace {

int perf_event_open(const perf_event_attr& attr, pid_t pid, int cpu, int group_fd, int& err) {
  perf_event_attr copy = attr;
  const long fd = syscall(SYS_perf_event_open, &copy, pid, cpu, group_fd, PERF_FLAG_FD_CLOEXEC);
  err = fd < 0 ? errno : 0;
  return static_cast<int>(fd);
}

class KernelPerfApi final : public PerfApi {
 public:
  int open(const perf_event_attr& attr, int group_fd, int& err) override {
    return perf_event_open(attr, 0, -1, group_fd, err);
  }

  int open_process(const perf_event_attr& attr, pid_t pid, int group_fd, int& err) override {
    return perf_event_open(attr, pid, -1, group_fd, err);
  }

  int open_cpu(const perf_event_attr& attr, int cpu, int& err) override {
    return perf_event_open(attr, -1, cpu, -1, err);
  }

  ssize_t read(int fd, void* buffer, std::size_t length, int& err) override {
    const ssize_t n = ::read(fd, buffer, length);
    err = n < 0 ? errno : 0;
    return n;
  }

  int ioctl(int fd, unsigned long request, unsigned long arg, int& err) override {
    const int r = ::ioctl(fd, request, arg);
    err = r < 0 ? errno : 0;
    return r;
  }

  void* map(int fd, std::size_t bytes, int& err) override {
    void* address = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    err = address == MAP_FAILED ? errno : 0;
    return address == MAP_FAILED ? nullptr : address;
  }

  void unmap(void* address, std::size_t bytes) override { ::munmap(address, bytes); }

  void close(int fd) override { ::close(fd); }
};

}  // namespace

PerfApi& kernel_perf_api() {
  static KernelPerfApi api;
  return api;
}

}  // namespace pipetop

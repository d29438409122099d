#include "pipetop/system/perf_api.hpp"

#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

namespace pipetop {
namespace {

class KernelPerfApi final : public PerfApi {
 public:
  int open(const perf_event_attr& attr, int group_fd, int& err) override {
    perf_event_attr copy = attr;
    const long fd = syscall(SYS_perf_event_open, &copy, 0, -1, group_fd, PERF_FLAG_FD_CLOEXEC);
    err = fd < 0 ? errno : 0;
    return static_cast<int>(fd);
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

  void close(int fd) override { ::close(fd); }
};

}  // namespace

PerfApi& kernel_perf_api() {
  static KernelPerfApi api;
  return api;
}

}  // namespace pipetop

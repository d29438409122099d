#include "pipetop/system/clock.hpp"

#include <sys/resource.h>

#include <cerrno>

namespace pipetop {

void sleep_ns(std::int64_t ns) noexcept {
  timespec request{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  timespec remaining{};
  while (nanosleep(&request, &remaining) != 0 && errno == EINTR) request = remaining;
}

CpuTime process_cpu_time() noexcept {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return {};
  auto ns = [](const timeval& tv) { return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000'000 + tv.tv_usec * 1000; };
  return {ns(usage.ru_utime), ns(usage.ru_stime)};
}

PageFaults process_page_faults() noexcept {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return {};
  return {static_cast<std::uint64_t>(usage.ru_minflt), static_cast<std::uint64_t>(usage.ru_majflt)};
}

}  // namespace pipetop

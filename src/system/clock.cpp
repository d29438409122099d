#include "pipetop/system/clock.hpp"

#include <cerrno>

namespace pipetop {

void sleep_ns(std::int64_t ns) noexcept {
  timespec request{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  timespec remaining{};
  while (nanosleep(&request, &remaining) != 0 && errno == EINTR) request = remaining;
}

}  // namespace pipetop

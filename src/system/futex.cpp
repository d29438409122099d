#include "pipetop/system/futex.hpp"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <climits>
#include <ctime>

#include "pipetop/core/base/duration.hpp"

namespace pipetop {

static_assert(std::atomic<std::uint32_t>::is_always_lock_free && sizeof(std::atomic<std::uint32_t>) == 4,
              "futex(2) waits on a plain 32-bit word");

// Not FUTEX_PRIVATE_FLAG: the word lives in a MAP_SHARED mapping that forked workers share.
void futex_wait(const std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_ns) noexcept {
  const timespec timeout{static_cast<time_t>(timeout_ns / kNsPerS), static_cast<long>(timeout_ns % kNsPerS)};
  (void)syscall(SYS_futex, &word, FUTEX_WAIT, expected, &timeout, nullptr, 0);
}

void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept {
  (void)syscall(SYS_futex, &word, FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

}  // namespace pipetop

#pragma once
// The one clock every sample uses. Inline: it is read in the transfer loops (a vDSO call, no syscall
// where the clocksource allows).

#include <cstdint>
#include <ctime>

#include "pipetop/core/figures/buffer_setup.hpp"
#include "pipetop/core/figures/cpu_time.hpp"

namespace pipetop {

[[nodiscard]] inline std::int64_t monotonic_ns() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Sleeps for `ns` (resuming after signals).
void sleep_ns(std::int64_t ns) noexcept;

// CPU time the calling process has used so far (getrusage(RUSAGE_SELF)); zeros if it fails.
[[nodiscard]] CpuTime process_cpu_time() noexcept;

// Page faults the calling process has taken so far (getrusage(RUSAGE_SELF)); zeros if it fails.
[[nodiscard]] PageFaults process_page_faults() noexcept;

}  // namespace pipetop

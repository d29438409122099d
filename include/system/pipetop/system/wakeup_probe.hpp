#pragma once
// How long one CPU takes to wake a task on another and be woken back: a byte sent back and forth over
// two pipes between two threads, each pinned where a worker is pinned, both sleeping in read(2) between
// turns. On our VMs this round trip is what tracks the machine's slow and fast phases (a blocking
// pipe's figure moved with it, 8 to 26 GiB/s, where /proc/stat's steal stayed at 0), because every
// blocking transfer waits on such wake-ups and, on a VM, each one goes through the hypervisor.

#include <cstdint>
#include <optional>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/error.hpp"

namespace pipetop {

// The probe's length around each paired round: some 400 round trips on our VMs, 3% of a round.
inline constexpr std::int64_t kWakeupProbeNs = 10 * kNsPerMs;

// The mean round trip, in microseconds, of a byte sent from a thread on `from_cpu` to one on `to_cpu`
// and back, over `duration_ns` (unset or kUnpinned: wherever the scheduler puts that thread). The clock
// starts after a few warm round trips. The caller's threads stay where they were. On failure (a pipe
// that cannot be opened, a CPU this process may not use) returns an error saying which and why.
[[nodiscard]] Result<double> measure_wakeup_round_trip(const std::optional<int>& from_cpu,
                                                       const std::optional<int>& to_cpu, std::int64_t duration_ns);

}  // namespace pipetop

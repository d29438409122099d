#pragma once
// One CPU's memory bandwidth, measured: a loop over a buffer for a short time, in a thread of its own
// pinned where the writer is pinned, so the dashboard's and run's own threads stay where they were.
//
// The write loop is memset, cached stores, not non-temporal ones: the kernel's copies into a pipe's
// pages and a reader's copies out are cached stores, and a non-temporal store, which bypasses the
// caches, would measure a path no pipe takes (and `sysbench memory --memory-oper=write`, the yardstick,
// stores plainly too).

#include <cstdint>
#include <optional>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/machine/memory_bandwidth.hpp"

namespace pipetop {

// GiB/s of `loop` over buffers of `bytes` (at least 1) for about `duration_ns`, on `cpu` (unset or
// kUnpinned: wherever the scheduler puts it). The buffers are mapped and touched, and gone through once,
// before the clock starts; the clock is read between passes, never within one. On failure (no memory
// for the buffers, a CPU this process may not use) returns an error saying which and why.
[[nodiscard]] Result<double> measure_memory_loop(MemoryLoop loop, std::uint64_t bytes, const std::optional<int>& cpu,
                                                 std::int64_t duration_ns);

// The ceiling of `config`: memcpy of its buffer size on its writer's CPU, for `duration_ns`. Fails as
// measure_memory_loop does.
[[nodiscard]] Result<Ceiling> measure_ceiling(const RunConfig& config, std::int64_t duration_ns = kCeilingSliceNs);

// check's facts: bandwidth_plan's loops, each for `each_ns`, on `cpu`. Fails on the first loop that does.
[[nodiscard]] Result<MemoryBandwidth> measure_bandwidth(std::uint64_t buffer_bytes, const std::optional<int>& cpu,
                                                        const CacheSizes& caches,
                                                        std::int64_t each_ns = kBandwidthFactNs);

}  // namespace pipetop

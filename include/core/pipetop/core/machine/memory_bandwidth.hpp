#pragma once
// How fast one CPU moves memory here, as `check` states it among the machine's facts: a copy (memcpy)
// of the buffer's size and of a size beyond the last-level cache, and a read and a write loop over the
// same two sizes, each on the writer's CPU. Measured by system/memory_loop.hpp; the ceiling a
// configuration's copies cannot pass is ceiling.hpp's.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/machine/memory_facts.hpp"

namespace pipetop {

// copy: memcpy from one buffer to another; read: every 8-byte word loaded; write: every byte stored
// (memset: cached stores, as the kernel's copies into a pipe make).
enum class MemoryLoop { copy, read, write };
[[nodiscard]] std::string_view to_string(MemoryLoop loop);  // "memcpy", "read", "write"

struct BandwidthFigure {
  MemoryLoop loop = MemoryLoop::copy;
  std::uint64_t bytes = 0;  // the buffer the loop goes over (a copy: each of its two)
  double gib_per_s = 0;     // bytes copied, read or written per second
};

struct MemoryBandwidth {
  std::optional<int> cpu;    // where the loops ran: the writer's CPU; nullopt: unpinned
  std::int64_t each_ns = 0;  // how long each loop ran
  std::vector<BandwidthFigure> figures;
};

// How long check runs each loop: long enough for a buffer past the caches to be gone through a few times.
inline constexpr std::int64_t kBandwidthFactNs = 100 * kNsPerMs;

// A size well past the last-level cache: four times the largest cache known, from 64 MiB to 512 MiB;
// 256 MiB when no cache size is known.
[[nodiscard]] std::uint64_t beyond_cache_bytes(const CacheSizes& caches);

// What check measures, in order: memcpy, read and write over the buffer's size, then over
// beyond_cache_bytes (gib_per_s 0: not measured yet).
[[nodiscard]] std::vector<BandwidthFigure> bandwidth_plan(std::uint64_t buffer_bytes, const CacheSizes& caches);

// The fact's name ("memcpy 256 KiB"), its value ("14.2 GiB/s on CPU 0") and what it means for pipes.
[[nodiscard]] std::string bandwidth_name(const BandwidthFigure& figure);
[[nodiscard]] std::string bandwidth_value(const BandwidthFigure& figure, std::optional<int> cpu);
[[nodiscard]] std::string bandwidth_meaning(const BandwidthFigure& figure, const CacheSizes& caches);

}  // namespace pipetop

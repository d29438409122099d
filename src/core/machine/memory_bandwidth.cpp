#include "pipetop/core/machine/memory_bandwidth.hpp"

#include <algorithm>

#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {

std::string_view to_string(MemoryLoop loop) {
  switch (loop) {
    case MemoryLoop::copy:
      return "memcpy";
    case MemoryLoop::read:
      return "read";
    case MemoryLoop::write:
      return "write";
  }
  return "memcpy";
}

std::uint64_t beyond_cache_bytes(const CacheSizes& caches) {
  std::optional<std::uint64_t> largest;
  for (const std::optional<std::uint64_t>& level : {caches.l1d_bytes, caches.l2_bytes, caches.l3_bytes}) {
    if (level) largest = std::max(largest.value_or(0), *level);
  }
  if (!largest) return 256 * kMiB;
  return std::clamp<std::uint64_t>(4 * *largest, 64 * kMiB, 512 * kMiB);
}

std::vector<BandwidthFigure> bandwidth_plan(std::uint64_t buffer_bytes, const CacheSizes& caches) {
  std::vector<BandwidthFigure> plan;
  for (const std::uint64_t bytes : {buffer_bytes, beyond_cache_bytes(caches)}) {
    for (const MemoryLoop loop : {MemoryLoop::copy, MemoryLoop::read, MemoryLoop::write})
      plan.push_back({loop, bytes, 0});
  }
  return plan;
}

std::string bandwidth_name(const BandwidthFigure& figure) {
  return std::string(to_string(figure.loop)) + " " + format_size(figure.bytes);
}

std::string bandwidth_value(const BandwidthFigure& figure, std::optional<int> cpu) {
  return printf_string("%.1f GiB/s ", figure.gib_per_s) + (cpu ? "on CPU " + std::to_string(*cpu) : "unpinned");
}

std::string bandwidth_meaning(const BandwidthFigure& figure, const CacheSizes& caches) {
  const bool beyond = figure.bytes >= beyond_cache_bytes(caches);
  switch (figure.loop) {
    case MemoryLoop::copy:
      return beyond ? "a copy from memory, past the caches: a buffer this large copies no faster"
                    : "one CPU's copy of the buffer size: the ceiling of each copy a pipe makes of a byte";
    case MemoryLoop::read:
      return beyond ? "reading memory past the caches" : "reading the buffer size: what --verify's check goes through";
    case MemoryLoop::write:
      return beyond ? "writing memory past the caches (cached stores, as memset)"
                    : "filling the buffer size (cached stores, as memset): what the writer's touch costs";
  }
  return {};
}

}  // namespace pipetop

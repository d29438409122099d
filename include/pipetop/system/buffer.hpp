#pragma once
// Transfer buffers: anonymous private mappings, page-aligned, or 2 MiB-aligned with MADV_HUGEPAGE.

#include <cstddef>
#include <cstdint>
#include <span>

#include "pipetop/core/error.hpp"
#include "pipetop/core/smaps.hpp"

namespace pipetop {

inline constexpr std::uint64_t kHugePageBytes = 2 * 1024 * 1024;

struct BufferOptions {
  bool huge_pages = false;   // align to 2 MiB, round the mapping up to 2 MiB, madvise(MADV_HUGEPAGE)
  bool lock_memory = false;  // mlock the mapping
  bool prefault = true;      // write every page now, so the transfer loop takes no first-touch faults
};

class MappedBuffer {
 public:
  // Maps at least `bytes` as asked by `options`. On failure returns an error naming the call: mmap
  // (runtime), madvise or mlock (environment: e.g. RLIMIT_MEMLOCK, THP compiled out).
  [[nodiscard]] static Result<MappedBuffer> allocate(std::uint64_t bytes, const BufferOptions& options);

  MappedBuffer(MappedBuffer&& other) noexcept;
  MappedBuffer& operator=(MappedBuffer&& other) noexcept;
  MappedBuffer(const MappedBuffer&) = delete;
  MappedBuffer& operator=(const MappedBuffer&) = delete;
  ~MappedBuffer();

  // The first `bytes` asked for.
  [[nodiscard]] std::span<std::byte> bytes() const { return {base_, size_}; }
  // The whole mapping (rounded up to pages or huge pages).
  [[nodiscard]] AddressRange mapping() const;

 private:
  MappedBuffer(std::byte* base, std::size_t size, std::size_t mapped) : base_(base), size_(size), mapped_(mapped) {}
  std::byte* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mapped_ = 0;
};

}  // namespace pipetop

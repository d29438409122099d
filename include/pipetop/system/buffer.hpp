#pragma once
// Transfer buffers: anonymous private mappings, placed as the seed benchmark's allocator places its own.
// The seed takes a buffer from malloc, which maps a large one and hands it out 16 bytes past a page
// boundary, or with huge pages from aligned_alloc(2 MiB). Where the bytes start within a page is part
// of the experiment: 128 KiB from 16 bytes in spans 33 pages, so a vmsplice into a pipe of 32 slots
// moves 128 KiB - 16 and the next call 16 bytes, which changes how writer and reader take turns:
// page-aligned buffers ran the blocking vmsplice rungs at half the seed's speed and the busy one faster.

#include <cstddef>
#include <cstdint>
#include <span>

#include "pipetop/core/error.hpp"
#include "pipetop/core/smaps.hpp"

namespace pipetop {

inline constexpr std::uint64_t kHugePageBytes = 2 * 1024 * 1024;
// Where glibc's malloc puts the bytes of a chunk it maps: past the chunk's 16-byte header.
inline constexpr std::size_t kMallocOffsetBytes = 16;

struct BufferOptions {
  bool huge_pages = false;   // 2 MiB-aligned, mapping rounded up to 2 MiB, madvise(MADV_HUGEPAGE);
                             // otherwise the bytes start kMallocOffsetBytes past a page boundary
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
  [[nodiscard]] std::span<std::byte> bytes() const { return {base_ + offset_, size_}; }
  // The whole mapping (rounded up to pages or huge pages).
  [[nodiscard]] AddressRange mapping() const;

 private:
  MappedBuffer(std::byte* base, std::size_t offset, std::size_t size, std::size_t mapped)
      : base_(base), offset_(offset), size_(size), mapped_(mapped) {}
  std::byte* base_ = nullptr;
  std::size_t offset_ = 0;  // where bytes() starts in the mapping
  std::size_t size_ = 0;
  std::size_t mapped_ = 0;
};

}  // namespace pipetop

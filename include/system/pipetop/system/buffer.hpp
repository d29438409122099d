#pragma once
// Transfer buffers: anonymous private mappings, their bytes starting `offset_bytes` past a page (or huge
// page) boundary: by default where the seed benchmark's allocator places its own (buffer_offset_bytes).
// The seed takes a buffer from malloc, which maps a large one and hands it out 16 bytes past a page
// boundary, or with huge pages from aligned_alloc(2 MiB). Where the bytes start within a page is part
// of the experiment: 128 KiB from 16 bytes in spans 33 pages, so a vmsplice into a pipe of 32 slots
// moves 128 KiB - 16 and the next call 16 bytes, which changes how writer and reader take turns:
// page-aligned buffers ran the blocking vmsplice rungs at half the seed's speed and the busy one faster.

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <span>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/smaps.hpp"

namespace pipetop {

struct BufferOptions {
  PageKind pages = PageKind::small;     // where the pages come from (page_kinds.hpp): the mapping is aligned
                                        // and rounded up to the kind's page
  bool lock_memory = false;             // mlock the mapping
  Prefault prefault = Prefault::touch;  // how its pages are faulted in now, so the transfer loop takes no
                                        // first-touch faults (none: it does)
  std::uint64_t offset_bytes = kMallocOffsetBytes;  // where the bytes start past the mapping's start
  bool memfd = false;  // a shared mapping of a memfd_create(2) file, which sendfile(2) can read from (a
                       // hugetlb kind is one always)
};

// The options `config` asks each buffer of its workers for (memfd: with a writer that sendfiles).
[[nodiscard]] BufferOptions buffer_options(const RunConfig& config, bool memfd);

class MappedBuffer {
 public:
  // Maps at least `bytes` as asked by `options`. On failure returns an error naming the call: mmap
  // (runtime), madvise or mlock (environment: e.g. RLIMIT_MEMLOCK, THP compiled out); for a hugetlb
  // kind, memfd_create or mmap (environment, the hint naming the pool file to reserve pages in: it
  // never falls back to other pages).
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
  // With BufferOptions::memfd or a hugetlb kind: the file mapped (-1 otherwise), and where `byte` of the mapping lies
  // in it.
  [[nodiscard]] int file() const { return file_; }
  [[nodiscard]] off_t file_offset(const std::byte* byte) const { return byte - base_; }

 private:
  MappedBuffer(std::byte* base, std::size_t offset, std::size_t size, std::size_t mapped, int file)
      : base_(base), offset_(offset), size_(size), mapped_(mapped), file_(file) {}
  void release();
  std::byte* base_ = nullptr;
  std::size_t offset_ = 0;  // where bytes() starts in the mapping
  std::size_t size_ = 0;
  std::size_t mapped_ = 0;
  int file_ = -1;  // the memfd, when the mapping is one
};

}  // namespace pipetop

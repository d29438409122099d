#include "pipetop/system/buffer.hpp"

#include <asm-generic/hugetlb_encode.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <utility>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"

namespace pipetop {
namespace {

std::size_t round_up(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// Reserves `length` bytes of address space aligned to `alignment` (no memory: PROT_NONE) by
// over-reserving and trimming both ends; the mapping proper is put over it with MAP_FIXED.
Result<std::byte*> reserve_aligned(std::size_t length, std::size_t alignment) {
  const std::size_t over = length + alignment;
  void* raw = mmap(nullptr, over, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED) {
    return std::unexpected(runtime_error("mmap(" + format_size(over) + "): " + errno_text(errno)));
  }
  auto* start = static_cast<std::byte*>(raw);
  const auto address = reinterpret_cast<std::uintptr_t>(start);
  auto* aligned = start + (round_up(address, alignment) - address);
  if (aligned > start) munmap(start, static_cast<std::size_t>(aligned - start));
  std::byte* end = aligned + length;
  if (end < start + over) munmap(end, static_cast<std::size_t>(start + over - end));
  return aligned;
}

// The file a hugetlb kind's pages, or a memfd's, come from: memfd_create with the flags of `row`.
Result<int> create_file(const PageKindRow& row) {
  if (row.backing != PageBacking::hugetlb) {
    const int file = memfd_create("pipetop-buffer", MFD_CLOEXEC);
    if (file < 0) {
      return std::unexpected(
          environment_error("memfd_create(): " + errno_text(errno), "memfd_create needs Linux 3.17"));
    }
    return file;
  }
  // MFD_HUGE_* is the page size's log2 in the flag's top bits: the row's page size is the whole flag.
  const auto size_flag = static_cast<unsigned>(std::countr_zero(row.page_bytes)) << HUGETLB_FLAG_ENCODE_SHIFT;
  const int file = memfd_create("pipetop-buffer", MFD_CLOEXEC | MFD_HUGETLB | size_flag);
  if (file < 0) {
    return std::unexpected(
        environment_error("memfd_create(MFD_HUGETLB, " + format_size(row.page_bytes) + " pages): " + errno_text(errno),
                          "this kernel offers no hugetlb pool of " + format_size(row.page_bytes) +
                              " pages (hugetlbfs needs Linux 4.14 "
                              "for memfds)"));
  }
  return file;
}

// Maps `length` bytes over `at` (reserved by reserve_aligned) as `row` says: anonymous and private, or
// `file` shared (sized to `length` first); MAP_POPULATE with --prefault populate.
Result<void> map_over(std::byte* at, std::size_t length, int file, const PageKindRow& row, bool populate) {
  const int populate_flag = populate ? MAP_POPULATE : 0;
  if (file < 0) {
    if (mmap(at, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | populate_flag, -1, 0) ==
        MAP_FAILED) {
      return std::unexpected(runtime_error("mmap(" + format_size(length) + "): " + errno_text(errno)));
    }
    return {};
  }
  if (ftruncate(file, static_cast<off_t>(length)) != 0) {
    return std::unexpected(runtime_error("ftruncate(memfd, " + format_size(length) + "): " + errno_text(errno)));
  }
  if (mmap(at, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | populate_flag, file, 0) != MAP_FAILED) {
    return {};
  }
  const int err = errno;
  if (row.backing != PageBacking::hugetlb) {
    return std::unexpected(runtime_error("mmap(memfd, " + format_size(length) + "): " + errno_text(err)));
  }
  const std::uint64_t pages = length / row.page_bytes;
  return std::unexpected(
      environment_error("mmap(hugetlb memfd, " + std::to_string(pages) + " × " + format_size(row.page_bytes) +
                            " pages): " + errno_text(err),
                        "the pool of " + format_size(row.page_bytes) + " pages has fewer than " +
                            std::to_string(pages) + " free: reserve more as root, writing the new total to " +
                            hugetlb_pool_file(row.page_bytes) + " (pipetop never falls back to other pages)"));
}

// Faults the pages in as `prefault` says (populate: mmap did it already).
Result<void> prefault_pages(std::byte* base, std::size_t mapped, std::span<std::byte> bytes, Prefault prefault) {
  switch (prefault) {
    case Prefault::touch:
      std::memset(bytes.data(), 'X', bytes.size());
      break;
    case Prefault::madvise:
      if (madvise(base, mapped, MADV_POPULATE_WRITE) != 0) {
        return std::unexpected(
            environment_error("madvise(MADV_POPULATE_WRITE, " + format_size(mapped) + "): " + errno_text(errno),
                              "MADV_POPULATE_WRITE needs Linux 5.14; use --prefault touch or populate"));
      }
      break;
    case Prefault::populate:
    case Prefault::none:
      break;
  }
  return {};
}

}  // namespace

BufferOptions buffer_options(const RunConfig& c, bool memfd) {
  return {page_kind(c), c.lock_memory, prefault_of(c), buffer_offset_bytes(c), memfd};
}

Result<MappedBuffer> MappedBuffer::allocate(std::uint64_t bytes, const BufferOptions& options) {
  const PageKindRow& row = page_kind_row(options.pages);
  const std::size_t page = row.page_bytes != 0 ? row.page_bytes : static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t offset = options.offset_bytes;
  const std::size_t mapped = round_up(offset + bytes, page);
  Result<std::byte*> base = reserve_aligned(mapped, page);
  if (!base) return std::unexpected(base.error());
  MappedBuffer buffer(*base, offset, bytes, mapped, -1);  // from here on, unmapped on every return
  if (options.memfd || row.backing == PageBacking::hugetlb) {
    Result<int> file = create_file(row);
    if (!file) return std::unexpected(file.error());
    buffer.file_ = *file;
  }
  if (Result<void> over = map_over(*base, mapped, buffer.file_, row, options.prefault == Prefault::populate); !over) {
    return std::unexpected(over.error());
  }
  if (row.backing == PageBacking::transparent && madvise(*base, mapped, MADV_HUGEPAGE) != 0) {
    return std::unexpected(
        environment_error("madvise(MADV_HUGEPAGE, " + format_size(mapped) + "): " + errno_text(errno),
                          "this kernel may lack transparent huge pages"));
  }
  if (options.lock_memory && mlock(*base, mapped) != 0) {
    return std::unexpected(environment_error("mlock(" + format_size(mapped) + "): " + errno_text(errno),
                                             "raise the locked-memory limit (ulimit -l) or run as root"));
  }
  if (Result<void> faulted = prefault_pages(*base, mapped, buffer.bytes(), options.prefault); !faulted) {
    return std::unexpected(faulted.error());
  }
  return buffer;
}

MappedBuffer::MappedBuffer(MappedBuffer&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      offset_(other.offset_),
      size_(other.size_),
      mapped_(std::exchange(other.mapped_, 0)),
      file_(std::exchange(other.file_, -1)) {}

MappedBuffer& MappedBuffer::operator=(MappedBuffer&& other) noexcept {
  if (this != &other) {
    release();
    base_ = std::exchange(other.base_, nullptr);
    offset_ = other.offset_;
    size_ = other.size_;
    mapped_ = std::exchange(other.mapped_, 0);
    file_ = std::exchange(other.file_, -1);
  }
  return *this;
}

MappedBuffer::~MappedBuffer() {
  release();
}

void MappedBuffer::release() {
  if (base_ != nullptr) munmap(base_, mapped_);
  if (file_ >= 0) close(file_);
  base_ = nullptr;
  file_ = -1;
}

AddressRange MappedBuffer::mapping() const {
  const auto start = reinterpret_cast<std::uintptr_t>(base_);
  return {start, start + mapped_};
}

}  // namespace pipetop

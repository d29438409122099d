#include "pipetop/system/buffer.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

std::size_t round_up(std::size_t value, std::size_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// Maps `length` bytes aligned to `alignment` by over-mapping and trimming both ends.
Result<std::byte*> map_aligned(std::size_t length, std::size_t alignment) {
  const std::size_t over = length + alignment;
  void* raw = mmap(nullptr, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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

}  // namespace

Result<MappedBuffer> MappedBuffer::allocate(std::uint64_t bytes, const BufferOptions& options) {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t alignment = options.huge_pages ? kHugePageBytes : page;
  const std::size_t offset = options.huge_pages ? 0 : kMallocOffsetBytes;
  const std::size_t mapped = round_up(offset + bytes, alignment);
  Result<std::byte*> base = map_aligned(mapped, alignment);
  if (!base) return std::unexpected(base.error());
  MappedBuffer buffer(*base, offset, bytes, mapped);
  if (options.huge_pages && madvise(*base, mapped, MADV_HUGEPAGE) != 0) {
    return std::unexpected(
        environment_error("madvise(MADV_HUGEPAGE, " + format_size(mapped) + "): " + errno_text(errno),
                          "this kernel may lack transparent huge pages"));
  }
  if (options.lock_memory && mlock(*base, mapped) != 0) {
    return std::unexpected(environment_error("mlock(" + format_size(mapped) + "): " + errno_text(errno),
                                             "raise the locked-memory limit (ulimit -l) or run as root"));
  }
  if (options.prefault) std::memset(*base + offset, 'X', bytes);
  return buffer;
}

MappedBuffer::MappedBuffer(MappedBuffer&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      offset_(other.offset_),
      size_(other.size_),
      mapped_(std::exchange(other.mapped_, 0)) {}

MappedBuffer& MappedBuffer::operator=(MappedBuffer&& other) noexcept {
  if (this != &other) {
    if (base_ != nullptr) munmap(base_, mapped_);
    base_ = std::exchange(other.base_, nullptr);
    offset_ = other.offset_;
    size_ = other.size_;
    mapped_ = std::exchange(other.mapped_, 0);
  }
  return *this;
}

MappedBuffer::~MappedBuffer() {
  if (base_ != nullptr) munmap(base_, mapped_);
}

AddressRange MappedBuffer::mapping() const {
  const auto start = reinterpret_cast<std::uintptr_t>(base_);
  return {start, start + mapped_};
}

}  // namespace pipetop

#include "pipetop/system/perf_ring.hpp"

#include <atomic>
#include <cstring>

namespace pipetop {
namespace {

bool can_start_record(std::uint16_t size, std::size_t data_bytes) {
  return size >= sizeof(perf_event_header) && size % 8 == 0 && size <= data_bytes;
}

}  // namespace

PerfRing::PerfRing(void* control, std::size_t page_bytes, std::size_t data_bytes)
    : control_(static_cast<perf_event_mmap_page*>(control)),
      data_(static_cast<std::byte*>(control) + page_bytes),
      page_bytes_(page_bytes),
      data_bytes_(data_bytes) {}

std::span<const std::byte> PerfRing::bytes_at(std::uint64_t position, std::size_t length) {
  const std::size_t offset = static_cast<std::size_t>(position & (data_bytes_ - 1));
  if (offset + length <= data_bytes_) return {data_ + offset, length};
  const std::size_t first = data_bytes_ - offset;
  scratch_.resize(length);
  std::memcpy(scratch_.data(), data_ + offset, first);
  std::memcpy(scratch_.data() + first, data_, length - first);
  return {scratch_.data(), length};
}

RingDrain PerfRing::drain(const std::function<void(std::span<const std::byte>)>& sink) {
  // The perf ABI: read data_head with acquire (the kernel's record bytes are visible once the head
  // that covers them is), and store data_tail with release (our reads of the records are done before
  // the kernel may overwrite them). We are data_tail's only writer, so reading it needs no ordering.
  const std::uint64_t head = std::atomic_ref<__u64>(control_->data_head).load(std::memory_order_acquire);
  std::uint64_t tail = std::atomic_ref<__u64>(control_->data_tail).load(std::memory_order_relaxed);
  RingDrain drained;
  if (head - tail > data_bytes_) {
    drained.discarded_bytes = head - tail;
    tail = head;
  }
  while (head - tail >= sizeof(perf_event_header)) {
    perf_event_header header{};
    std::memcpy(&header, bytes_at(tail, sizeof header).data(), sizeof header);
    if (!can_start_record(header.size, data_bytes_)) {
      drained.discarded_bytes += head - tail;
      tail = head;
      break;
    }
    if (head - tail < header.size) break;  // not all published yet: the next drain takes it
    sink(bytes_at(tail, header.size));
    ++drained.records;
    tail += header.size;
  }
  std::atomic_ref<__u64>(control_->data_tail).store(tail, std::memory_order_release);
  return drained;
}

}  // namespace pipetop

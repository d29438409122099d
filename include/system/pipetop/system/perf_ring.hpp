#pragma once
// Reading a perf sample ring from outside the sampled process: the control page the kernel shares
// (data_head, which it advances; data_tail, which the reader advances) followed by a data area of a
// power-of-two size that records wrap around. The reader never blocks and never waits for the kernel:
// it takes what is published, hands space back, and leaves an unfinished record for the next drain.

#include <linux/perf_event.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace pipetop {

struct RingDrain {
  std::size_t records = 0;            // complete records handed to the sink
  std::uint64_t discarded_bytes = 0;  // published bytes that could not be parsed as records
};

class PerfRing {
 public:
  // `control` is the start of the mapping: the perf_event_mmap_page, `page_bytes` long, then
  // `data_bytes` (a power of two) of records. The mapping must outlive the PerfRing.
  PerfRing(void* control, std::size_t page_bytes, std::size_t data_bytes);

  // The length of the mapping: the control page and the data area.
  [[nodiscard]] std::size_t mapped_bytes() const { return page_bytes_ + data_bytes_; }

  // Hands each complete record published between data_tail and data_head to `sink`, in order, header
  // included and contiguous (a record split across the end of the ring is copied out first), then
  // gives their space back by storing data_tail. Never fails and never blocks:
  // - a record whose bytes are not all published yet is left, with everything after it, for the next
  //   drain;
  // - a header that cannot start a record (smaller than a header, not a multiple of 8 bytes, larger
  //   than the ring), or a head more than a ring ahead of the tail, means the published bytes cannot
  //   be parsed from here: all of them are given back and counted in discarded_bytes (the kernel
  //   writes whole records, so the next drain starts on a record again).
  RingDrain drain(const std::function<void(std::span<const std::byte> record)>& sink);

 private:
  // The bytes of [position, position + length) of the ring, contiguous: a view into the ring, or a
  // copy in scratch_ when they wrap around its end.
  [[nodiscard]] std::span<const std::byte> bytes_at(std::uint64_t position, std::size_t length);

  perf_event_mmap_page* control_;
  std::byte* data_;
  std::size_t page_bytes_;
  std::size_t data_bytes_;
  std::vector<std::byte> scratch_;
};

}  // namespace pipetop

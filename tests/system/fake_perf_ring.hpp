#pragma once
// Test helper: plays the kernel's side of a perf sample ring, in memory laid out as the real one (a
// control page, then a power-of-two data area): records are written at data_head, wrapping around
// the end of the area, and published by advancing data_head with release, as the kernel does. Also
// builds records as the kernel lays them out for kProfileSampleType.

#include <linux/perf_event.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <vector>

namespace pipetop::testing {

inline constexpr std::size_t kFakePageBytes = 4096;

class FakeRing {
 public:
  FakeRing(void* control, std::size_t data_bytes)
      : control_(static_cast<perf_event_mmap_page*>(control)),
        data_(static_cast<std::byte*>(control) + kFakePageBytes),
        data_bytes_(data_bytes) {}

  // Writes `bytes` at the unpublished end (wrapping around), publishing them unless told not to.
  void write(std::span<const std::byte> bytes, bool publish_them = true) {
    for (const std::byte b : bytes) data_[(written_++) & (data_bytes_ - 1)] = b;
    if (publish_them) publish_all();
  }
  // Publishes `bytes` more of what was written (a record the kernel is still writing: less).
  void publish(std::size_t bytes) { set_head(head() + bytes); }
  void publish_all() { set_head(written_); }

  // Starts both ends at `position` (to put a record across the end of the ring).
  void start_at(std::uint64_t position) {
    written_ = position;
    set_head(position);
    std::atomic_ref<__u64>(control_->data_tail).store(position);
  }
  void set_head(std::uint64_t head) {
    std::atomic_ref<__u64>(control_->data_head).store(head, std::memory_order_release);
  }

  [[nodiscard]] std::uint64_t head() const { return std::atomic_ref<__u64>(control_->data_head).load(); }
  [[nodiscard]] std::uint64_t tail() const { return std::atomic_ref<__u64>(control_->data_tail).load(); }

 private:
  perf_event_mmap_page* control_;
  std::byte* data_;
  std::size_t data_bytes_;
  std::uint64_t written_ = 0;
};

// A control page and `data_bytes` of ring, zeroed, page-aligned, owned by the test.
class RingMemory {
 public:
  explicit RingMemory(std::size_t data_bytes)
      : bytes_(kFakePageBytes + data_bytes),
        memory_(static_cast<std::byte*>(::operator new[](bytes_, std::align_val_t{kFakePageBytes}))) {
    std::memset(memory_, 0, bytes_);
  }
  RingMemory(const RingMemory&) = delete;
  RingMemory& operator=(const RingMemory&) = delete;
  ~RingMemory() { ::operator delete[](memory_, std::align_val_t{kFakePageBytes}); }
  [[nodiscard]] void* base() const { return memory_; }

 private:
  std::size_t bytes_;
  std::byte* memory_;
};

// A record: header (type, misc, size from the words) and its u64 words.
inline std::vector<std::byte> record(std::uint32_t type, std::uint16_t misc, const std::vector<std::uint64_t>& words) {
  perf_event_header header{type, misc, static_cast<std::uint16_t>(sizeof(perf_event_header) + 8 * words.size())};
  std::vector<std::byte> bytes(header.size);
  std::memcpy(bytes.data(), &header, sizeof header);
  if (!words.empty()) std::memcpy(bytes.data() + sizeof header, words.data(), 8 * words.size());
  return bytes;
}

// A PERF_RECORD_SAMPLE as kProfileSampleType lays it out: ip, pid/tid, time, nr, callchain.
inline std::vector<std::byte> sample_record(std::uint16_t misc, std::uint32_t pid, std::uint32_t tid,
                                            std::uint64_t t_ns, std::uint64_t ip,
                                            const std::vector<std::uint64_t>& callchain) {
  std::vector<std::uint64_t> words{ip, (static_cast<std::uint64_t>(tid) << 32) | pid, t_ns, callchain.size()};
  words.insert(words.end(), callchain.begin(), callchain.end());
  return record(PERF_RECORD_SAMPLE, misc, words);
}

inline std::vector<std::byte> lost_record(std::uint64_t lost) {
  return record(PERF_RECORD_LOST, 0, {7, lost});
}

// A header claiming `size` bytes, and nothing else.
inline std::vector<std::byte> header_only(std::uint32_t type, std::uint16_t size) {
  perf_event_header header{type, 0, size};
  std::vector<std::byte> bytes(sizeof header);
  std::memcpy(bytes.data(), &header, sizeof header);
  return bytes;
}

}  // namespace pipetop::testing

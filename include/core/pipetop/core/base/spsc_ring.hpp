#pragma once
// A single-producer / single-consumer ring of trivially copyable items, built to live in a
// MAP_SHARED mapping that a worker (producer) and the dashboard (consumer) both see after fork().
//
// - Each index sits on its own cache line, and each side caches the other side's index on a line of
//   its own, so the hot path touches the shared lines only when it must (false sharing would distort
//   exactly what pipetop measures).
// - The producer never waits: a push into a full ring drops the item and counts the drop.
// - The slots are raw storage that nothing initialises: a fresh MAP_ANONYMOUS mapping costs only the
//   pages the samples actually reach (creating a ring of 8192 samples must not touch its 4 MiB).
// - Memory ordering: the producer writes the slot, then publishes with head.store(release); the
//   consumer's head.load(acquire) makes the slot visible. The consumer releases the slot with
//   tail.store(release); the producer's tail.load(acquire) orders its next write of that slot after
//   the consumer's read of it.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

namespace pipetop {

inline constexpr std::size_t kCacheLineBytes = 64;

template <class T, std::size_t Capacity>
class SpscRing {
  static_assert(std::is_trivially_copyable_v<T>, "ring items are copied between processes");
  static_assert(Capacity >= 2 && (Capacity & (Capacity - 1)) == 0, "capacity must be a power of two");
  static_assert(std::atomic<std::uint64_t>::is_always_lock_free,
                "a lock in shared memory would not be shared across processes");

 public:
  static constexpr std::size_t capacity = Capacity;

  // Producer side. Returns false (and counts a drop) when the ring is full; never blocks.
  bool try_push(const T& item) noexcept {
    const std::uint64_t head = producer_.head.load(std::memory_order_relaxed);
    if (head - producer_.cached_tail >= Capacity) {
      producer_.cached_tail = consumer_.tail.load(std::memory_order_acquire);
      if (head - producer_.cached_tail >= Capacity) {
        producer_.dropped.store(producer_.dropped.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        return false;
      }
    }
    std::memcpy(&slots_[(head & (Capacity - 1)) * sizeof(T)], &item, sizeof(T));
    producer_.head.store(head + 1, std::memory_order_release);
    return true;
  }

  // Consumer side. Returns false when the ring is empty.
  bool try_pop(T& out) noexcept {
    const std::uint64_t tail = consumer_.tail.load(std::memory_order_relaxed);
    if (tail == consumer_.cached_head) {
      consumer_.cached_head = producer_.head.load(std::memory_order_acquire);
      if (tail == consumer_.cached_head) return false;
    }
    std::memcpy(&out, &slots_[(tail & (Capacity - 1)) * sizeof(T)], sizeof(T));
    consumer_.tail.store(tail + 1, std::memory_order_release);
    return true;
  }

  // Consumer side: items lost because the ring was full when the producer pushed.
  [[nodiscard]] std::uint64_t dropped() const noexcept { return producer_.dropped.load(std::memory_order_relaxed); }

 private:
  struct alignas(kCacheLineBytes) ProducerLine {
    std::atomic<std::uint64_t> head{0};
    std::atomic<std::uint64_t> dropped{0};
    std::uint64_t cached_tail = 0;  // producer's copy of consumer_.tail
  };
  struct alignas(kCacheLineBytes) ConsumerLine {
    std::atomic<std::uint64_t> tail{0};
    std::uint64_t cached_head = 0;  // consumer's copy of producer_.head
  };

  ProducerLine producer_;
  ConsumerLine consumer_;
  alignas(kCacheLineBytes) std::byte slots_[sizeof(T) * Capacity];  // uninitialised on purpose (see above)

 public:
  // Layout proofs (offsetof needs the members declared above).
  static constexpr bool layout_ok() noexcept {
    return sizeof(ProducerLine) == kCacheLineBytes && sizeof(ConsumerLine) == kCacheLineBytes &&
           alignof(ProducerLine) == kCacheLineBytes;
  }
};

}  // namespace pipetop

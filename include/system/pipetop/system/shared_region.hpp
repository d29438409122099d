#pragma once
// The memory the dashboard and its two workers share: an anonymous MAP_SHARED mapping created before
// fork(), so nothing is named in /dev/shm, nothing leaks, and no other process can attach.
// It holds a control block (go/stop flags, each worker's state and final report) and one sample ring
// per worker.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/spsc_ring.hpp"
#include "pipetop/core/counters/counter.hpp"
#include "pipetop/core/figures/buffer_setup.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/machine/smaps.hpp"

namespace pipetop {

inline constexpr std::size_t kSampleRingCapacity = 8192;  // 82 s of samples at the default 10 ms
using SampleRing = SpscRing<Sample, kSampleRingCapacity>;
static_assert(SampleRing::layout_ok(), "ring indices must each own a cache line");

enum class WorkerState : int { starting, ready, running, finished, failed };

// A counter's name, state and reason, as a worker opened it (CounterInfo in fixed storage).
struct CounterSlot {
  char name[96] = {};
  int state = 0;    // CounterState
  int problem = 0;  // CounterProblem
  char reason[160] = {};
};

// Written by a worker before it publishes ready (counters), finished or failed (the rest) with release
// ordering; read by the parent after seeing that state (acquire).
struct WorkerReport {
  int error_kind = 0;  // ExitCode of the failure
  char message[512] = {};
  char hint[256] = {};
  bool huge_requested = false;
  bool huge_verified = false;
  char huge_detail[256] = {};
  std::int64_t huge_checked_ns = 0;
  std::uint32_t buffer_count = 0;  // the worker's buffer mappings, for the parent's huge-page rechecks
  AddressRange buffers[2] = {};
  bool verified_stream = false;  // the reader checked the --verify pattern
  std::uint64_t verify_checked = 0;
  std::uint64_t verify_mismatches = 0;
  std::uint64_t verify_first_mismatch = 0;
  bool zerocopy = false;  // the writer sent with MSG_ZEROCOPY: its completions
  std::uint64_t zerocopy_sends = 0;
  std::uint64_t zerocopy_completed = 0;
  std::uint64_t zerocopy_copied = 0;
  std::uint32_t counter_count = 0;
  CounterSlot counters[kMaxCounters] = {};
  std::int64_t cpu_user_ns = 0;    // CPU time of the transfer itself (from go to the end), user space
  std::int64_t cpu_system_ns = 0;  // and kernel
  bool setup_measured = false;     // the buffers were set up (timed_setup): the figures below
  BufferSetup setup;               // their set-up time and faults, and the transfer's faults
};

struct alignas(kCacheLineBytes) WorkerSlot {
  std::atomic<int> state{static_cast<int>(WorkerState::starting)};
  WorkerReport report;
  SampleRing ring;

  [[nodiscard]] WorkerState load_state() const noexcept {
    return static_cast<WorkerState>(state.load(std::memory_order_acquire));
  }
  void publish(WorkerState s) noexcept { state.store(static_cast<int>(s), std::memory_order_release); }
};

struct ControlBlock {
  // parent: both workers ready, start moving (1); a futex word (futex.hpp), woken on go and on stop
  alignas(kCacheLineBytes) std::atomic<std::uint32_t> go{0};
  alignas(kCacheLineBytes) std::atomic<bool> stop{false};  // parent: writer, stop; reader drains to EOF
  WorkerSlot writer;
  WorkerSlot reader;
};

// Copies `text` into a fixed char array, truncating, always NUL-terminated.
template <std::size_t N>
void copy_text(char (&dst)[N], std::string_view text) noexcept {
  const std::size_t n = text.size() < N - 1 ? text.size() : N - 1;
  for (std::size_t i = 0; i < n; ++i) dst[i] = text[i];
  dst[n] = '\0';
}

class SharedRegion {
 public:
  // Maps and constructs a ControlBlock. On failure returns a runtime error naming mmap and errno.
  [[nodiscard]] static Result<SharedRegion> create();

  SharedRegion(SharedRegion&& other) noexcept;
  SharedRegion& operator=(SharedRegion&&) = delete;
  SharedRegion(const SharedRegion&) = delete;
  SharedRegion& operator=(const SharedRegion&) = delete;
  ~SharedRegion();

  [[nodiscard]] ControlBlock& control() const { return *control_; }

 private:
  explicit SharedRegion(ControlBlock* control) : control_(control) {}
  ControlBlock* control_ = nullptr;
};

}  // namespace pipetop

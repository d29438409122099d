#include "pipetop/system/memory_loop.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>
#include <utility>

#include "pipetop/core/base/size.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/worker_context.hpp"

namespace pipetop {
namespace {

// An anonymous private mapping, touched (so no page fault lands in the loop) and unmapped on the way out.
class Mapping {
 public:
  static Result<Mapping> touched(std::uint64_t bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      return std::unexpected(
          environment_error("mmap(" + format_size(bytes) + ") for the bandwidth loop: " + errno_text(errno)));
    }
    std::memset(p, 1, bytes);
    return Mapping(static_cast<unsigned char*>(p), bytes);
  }
  Mapping(Mapping&& other) noexcept : p_(std::exchange(other.p_, nullptr)), bytes_(other.bytes_) {}
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  Mapping& operator=(Mapping&&) = delete;
  ~Mapping() {
    if (p_ != nullptr) munmap(p_, bytes_);
  }
  [[nodiscard]] unsigned char* data() const { return p_; }

 private:
  Mapping(unsigned char* p, std::uint64_t bytes) : p_(p), bytes_(bytes) {}
  unsigned char* p_;
  std::uint64_t bytes_;
};

// Tells the compiler the memory behind `p` is used, so no pass of a loop is optimised away.
inline void keep(const void* p) {
  __asm__ volatile("" : : "r"(p) : "memory");
}

// Every 8-byte word of `p`, four sums apart so the loads do not wait on one adder; the bytes past the
// last whole word one by one.
std::uint64_t read_pass(const unsigned char* p, std::uint64_t bytes) {
  std::uint64_t sums[4] = {0, 0, 0, 0};
  const std::uint64_t words = bytes / 8;
  std::uint64_t i = 0;
  for (; i + 4 <= words; i += 4) {
    for (std::uint64_t k = 0; k < 4; ++k) {
      std::uint64_t word = 0;
      std::memcpy(&word, p + (i + k) * 8, 8);
      sums[k] += word;
    }
  }
  for (std::uint64_t b = i * 8; b < bytes; ++b) sums[0] += p[b];
  return sums[0] + sums[1] + sums[2] + sums[3];
}

// The buffer a loop goes over, and a second one a copy goes to.
struct LoopBuffers {
  Mapping from;
  std::optional<Mapping> to;
};

void one_pass(MemoryLoop loop, const LoopBuffers& b, std::uint64_t bytes, unsigned pass) {
  switch (loop) {
    case MemoryLoop::copy:
      std::memcpy(b.to->data(), b.from.data(), bytes);
      keep(b.to->data());
      return;
    case MemoryLoop::read: {
      const std::uint64_t sum = read_pass(b.from.data(), bytes);
      keep(&sum);
      return;
    }
    case MemoryLoop::write:
      std::memset(b.from.data(), static_cast<int>(pass & 0xffU), bytes);
      keep(b.from.data());
      return;
  }
}

// Passes between two readings of the clock: about 1 MiB of them, so a tiny buffer is not timed by the clock.
std::uint64_t passes_per_check(std::uint64_t bytes) {
  return std::max<std::uint64_t>(1, kMiB / bytes);
}

Result<double> loop_here(MemoryLoop loop, std::uint64_t bytes, std::int64_t duration_ns) {
  Result<Mapping> from = Mapping::touched(bytes);
  if (!from) return std::unexpected(from.error());
  LoopBuffers buffers{std::move(*from), std::nullopt};
  if (loop == MemoryLoop::copy) {
    Result<Mapping> to = Mapping::touched(bytes);
    if (!to) return std::unexpected(to.error());
    buffers.to.emplace(std::move(*to));
  }
  const std::uint64_t batch = passes_per_check(bytes);
  unsigned pass = 0;
  for (std::uint64_t i = 0; i < batch; ++i) one_pass(loop, buffers, bytes, pass++);  // warm: caches, TLB
  std::uint64_t done = 0;
  const std::int64_t start = monotonic_ns();
  std::int64_t now = start;
  do {  // at least one batch, so the figure is never 0/0
    for (std::uint64_t i = 0; i < batch; ++i) one_pass(loop, buffers, bytes, pass++);
    done += batch * bytes;
    now = monotonic_ns();
  } while (now - start < duration_ns);
  return static_cast<double>(done) / (static_cast<double>(now - start) / 1e9) / static_cast<double>(kGiB);
}

}  // namespace

Result<double> measure_memory_loop(MemoryLoop loop, std::uint64_t bytes, const std::optional<int>& cpu,
                                   std::int64_t duration_ns) {
  Result<double> result = std::unexpected(runtime_error("the bandwidth loop did not run"));
  std::thread thread([&] {
    // sched_setaffinity(0) pins the calling thread only: this one, not the caller's.
    if (Result<void> pinned = pin_to_cpu(cpu); !pinned) {
      result = std::unexpected(pinned.error());
      return;
    }
    result = loop_here(loop, std::max<std::uint64_t>(bytes, 1), duration_ns);
  });
  thread.join();
  return result;
}

Result<Ceiling> measure_ceiling(const RunConfig& config, std::int64_t duration_ns) {
  const std::optional<int> cpu =
      config.writer_cpu && *config.writer_cpu != kUnpinned ? config.writer_cpu : std::nullopt;
  const Result<double> gib = measure_memory_loop(MemoryLoop::copy, config.buffer_bytes, cpu, duration_ns);
  if (!gib) return std::unexpected(gib.error());
  return Ceiling{config.buffer_bytes, cpu, duration_ns, *gib};
}

Result<MemoryBandwidth> measure_bandwidth(std::uint64_t buffer_bytes, const std::optional<int>& cpu,
                                          const CacheSizes& caches, std::int64_t each_ns) {
  MemoryBandwidth bandwidth{cpu && *cpu != kUnpinned ? cpu : std::nullopt, each_ns, {}};
  for (BandwidthFigure figure : bandwidth_plan(buffer_bytes, caches)) {
    const Result<double> gib = measure_memory_loop(figure.loop, figure.bytes, bandwidth.cpu, each_ns);
    if (!gib) return std::unexpected(gib.error());
    figure.gib_per_s = *gib;
    bandwidth.figures.push_back(figure);
  }
  return bandwidth;
}

}  // namespace pipetop

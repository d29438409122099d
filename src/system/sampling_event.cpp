#include "pipetop/system/sampling_event.hpp"

#include <bit>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/system/perf_sample_record.hpp"

namespace pipetop {

std::string_view to_string(SamplingClock clock) {
  return clock == SamplingClock::cycles ? "cycles" : "cpu-clock";
}

perf_event_attr sampling_attr(SamplingClock clock, int frequency_hz, int max_frames, bool user_only) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  if (clock == SamplingClock::cycles) {
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
  } else {
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
  }
  attr.freq = 1;
  attr.sample_freq = static_cast<__u64>(frequency_hz);
  attr.sample_type = kProfileSampleType;
  attr.sample_max_stack = static_cast<std::uint16_t>(max_frames);
  attr.disabled = 1;
  attr.exclude_hv = 1;
  attr.exclude_kernel = user_only ? 1 : 0;
  attr.exclude_callchain_kernel = user_only ? 1 : 0;
  // Nobody polls the ring: wake-ups only when it is full, never once per sample.
  attr.watermark = 1;
  attr.wakeup_watermark = ~0U;
  return attr;
}

std::size_t max_sample_record_bytes(int max_frames) {
  // header, ip, pid/tid, time, nr, then nr words of frames and context markers
  const auto words = static_cast<std::size_t>(4 + max_frames + kMaxCallchainContexts);
  return sizeof(perf_event_header) + words * sizeof(std::uint64_t);
}

std::size_t ring_data_pages(int frequency_hz, std::int64_t drain_interval_ns, int max_frames, std::size_t page_bytes) {
  const auto samples =
      static_cast<std::size_t>((static_cast<std::int64_t>(frequency_hz) * drain_interval_ns + kNsPerS - 1) / kNsPerS);
  const std::size_t bytes = 2 * samples * max_sample_record_bytes(max_frames);
  return std::bit_ceil(std::max<std::size_t>(1, (bytes + page_bytes - 1) / page_bytes));
}

}  // namespace pipetop

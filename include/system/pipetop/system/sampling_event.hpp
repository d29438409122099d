#pragma once
// The event a profile samples a worker with, and the size of the ring that holds its samples.
// cpu-clock (a software timer) works everywhere, virtual machines without a PMU included; cycles is
// used where a CPU PMU exists. Frequency mode, callchains with kernel and user frames, and a ring
// sized so that a drain interval's samples fit twice over even when every callchain is as deep as
// allowed: the parent drains, and the worker pays nothing but the sampling interrupts.

#include <linux/perf_event.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace pipetop {

inline constexpr int kDefaultProfileHz = 1000;
// Callchain frames asked for (perf_event_attr.sample_max_stack), at most: enough for any pipe stack
// (about 20 kernel frames), and small enough to keep rings of both workers inside an unprivileged
// user's perf_event_mlock_kb (516 KiB by default).
inline constexpr int kMaxProfileFrames = 64;
// Context markers (PERF_CONTEXT_KERNEL, PERF_CONTEXT_USER...) a callchain may add on top of its
// frames: the kernel's perf_event_max_contexts_per_stack default.
inline constexpr int kMaxCallchainContexts = 8;

enum class SamplingClock { cpu_clock, cycles };

[[nodiscard]] std::string_view to_string(SamplingClock clock);

// Disabled (enable it once its ring is mapped), frequency mode at `frequency_hz`, kProfileSampleType,
// callchains of at most `max_frames` frames; `user_only` excludes the kernel and its frames.
[[nodiscard]] perf_event_attr sampling_attr(SamplingClock clock, int frequency_hz, int max_frames, bool user_only);

// The largest PERF_RECORD_SAMPLE a callchain of `max_frames` frames can make, in bytes.
[[nodiscard]] std::size_t max_sample_record_bytes(int max_frames);

// Data pages for the ring (a power of two, at least 1): twice the samples of `drain_interval_ns` at
// `frequency_hz`, each max_sample_record_bytes(max_frames) long.
[[nodiscard]] std::size_t ring_data_pages(int frequency_hz, std::int64_t drain_interval_ns, int max_frames,
                                          std::size_t page_bytes);

}  // namespace pipetop

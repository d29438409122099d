#pragma once
// The records a profile's sample ring carries, decoded: PERF_RECORD_SAMPLE laid out as
// kProfileSampleType asks (IP, TID, TIME, CALLCHAIN), and PERF_RECORD_LOST, which the kernel writes
// when the ring was full and samples had to be dropped.

#include <linux/perf_event.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace pipetop {

inline constexpr std::uint64_t kProfileSampleType =
    PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN;

struct SampledAddress {
  std::uint64_t address = 0;
  bool kernel = false;  // a kernel address (symbolised from kallsyms), else the process's own

  bool operator==(const SampledAddress&) const = default;
};

struct SampleRecord {
  std::uint32_t pid = 0;
  std::uint32_t tid = 0;
  std::uint64_t t_ns = 0;              // the kernel's perf clock
  std::vector<SampledAddress> frames;  // leaf first; the interrupted address alone when no chain
};

// The record's type (PERF_RECORD_SAMPLE, PERF_RECORD_LOST...); 0 when it is shorter than a header.
[[nodiscard]] std::uint32_t record_type(std::span<const std::byte> record);

// A PERF_RECORD_SAMPLE (header included) as kProfileSampleType lays it out. The callchain's context
// markers (PERF_CONTEXT_KERNEL, PERF_CONTEXT_USER) say which frames are the kernel's; frames of other
// contexts (hypervisor, guest) are left out. nullopt when the record is not a sample, or its length
// does not match its callchain.
[[nodiscard]] std::optional<SampleRecord> decode_sample(std::span<const std::byte> record);

// The number of samples a PERF_RECORD_LOST (header included) says were dropped; nullopt when the
// record is not one or is too short.
[[nodiscard]] std::optional<std::uint64_t> decode_lost(std::span<const std::byte> record);

}  // namespace pipetop

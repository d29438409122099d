#include "pipetop/system/perf_sample_record.hpp"

#include <cstring>

namespace pipetop {
namespace {

// Reads consecutive u64 words of a record, failing once past its end.
class Words {
 public:
  explicit Words(std::span<const std::byte> bytes) : bytes_(bytes) {}
  bool next(std::uint64_t& word) {
    if (offset_ + sizeof word > bytes_.size()) return false;
    std::memcpy(&word, bytes_.data() + offset_, sizeof word);
    offset_ += sizeof word;
    return true;
  }
  [[nodiscard]] std::size_t left() const { return (bytes_.size() - offset_) / sizeof(std::uint64_t); }

 private:
  std::span<const std::byte> bytes_;
  std::size_t offset_ = sizeof(perf_event_header);
};

std::optional<perf_event_header> header_of(std::span<const std::byte> record) {
  perf_event_header header{};
  if (record.size() < sizeof header) return std::nullopt;
  std::memcpy(&header, record.data(), sizeof header);
  if (header.size != record.size()) return std::nullopt;
  return header;
}

bool is_context_marker(std::uint64_t word) {
  return word >= static_cast<std::uint64_t>(PERF_CONTEXT_MAX);
}

// The frames of a callchain of `count` words; false when a frame is missing.
bool read_callchain(Words& words, std::uint64_t count, bool leaf_in_kernel, std::vector<SampledAddress>& frames) {
  enum class Context { kernel, user, other };
  Context context = leaf_in_kernel ? Context::kernel : Context::user;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t word = 0;
    if (!words.next(word)) return false;
    if (is_context_marker(word)) {
      context = word == PERF_CONTEXT_KERNEL ? Context::kernel
                : word == PERF_CONTEXT_USER ? Context::user
                                            : Context::other;
      continue;
    }
    if (context != Context::other) frames.push_back({word, context == Context::kernel});
  }
  return true;
}

}  // namespace

std::uint32_t record_type(std::span<const std::byte> record) {
  perf_event_header header{};
  if (record.size() < sizeof header) return 0;
  std::memcpy(&header, record.data(), sizeof header);
  return header.type;
}

std::optional<SampleRecord> decode_sample(std::span<const std::byte> record) {
  const std::optional<perf_event_header> header = header_of(record);
  if (!header || header->type != PERF_RECORD_SAMPLE) return std::nullopt;
  const bool leaf_in_kernel = (header->misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
  Words words(record);
  std::uint64_t ip = 0;
  std::uint64_t ids = 0;
  SampleRecord sample;
  std::uint64_t count = 0;
  if (!words.next(ip) || !words.next(ids) || !words.next(sample.t_ns) || !words.next(count)) return std::nullopt;
  if (count != words.left()) return std::nullopt;
  sample.pid = static_cast<std::uint32_t>(ids);
  sample.tid = static_cast<std::uint32_t>(ids >> 32);
  sample.frames.reserve(count);
  if (!read_callchain(words, count, leaf_in_kernel, sample.frames)) return std::nullopt;
  if (sample.frames.empty()) sample.frames.push_back({ip, leaf_in_kernel});
  return sample;
}

std::optional<std::uint64_t> decode_lost(std::span<const std::byte> record) {
  const std::optional<perf_event_header> header = header_of(record);
  if (!header || header->type != PERF_RECORD_LOST) return std::nullopt;
  Words words(record);
  std::uint64_t id = 0;
  std::uint64_t lost = 0;
  if (!words.next(id) || !words.next(lost)) return std::nullopt;
  return lost;
}

}  // namespace pipetop

#pragma once
// The --verify pattern: every byte of the stream is a function of its stream offset, so the reader
// can check each byte without knowing how the writer chunked its calls, and a byte from a stale
// (reused too early) buffer or a lost chunk is caught.

#include <cstddef>
#include <cstdint>
#include <span>

namespace pipetop {

// The pattern byte at stream offset `offset`.
[[nodiscard]] std::uint8_t pattern_byte(std::uint64_t offset) noexcept;

// Fills `dst` with the pattern of stream offsets [offset, offset + dst.size()).
void fill_pattern(std::span<std::byte> dst, std::uint64_t offset) noexcept;

struct PatternCheck {
  std::uint64_t mismatches = 0;      // bytes that differ from the pattern
  std::uint64_t first_mismatch = 0;  // stream offset of the first one (meaningful when mismatches > 0)
};

// Counts the bytes of `src` (stream offsets [offset, offset + src.size())) that differ from the
// pattern.
[[nodiscard]] PatternCheck check_pattern(std::span<const std::byte> src, std::uint64_t offset) noexcept;

}  // namespace pipetop

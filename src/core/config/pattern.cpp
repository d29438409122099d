#include "pipetop/core/config/pattern.hpp"

#include <bit>
#include <cstring>

namespace pipetop {
namespace {

// Word w of the stream (bytes [8w, 8w+8)) holds this value, little-endian. The multiplier spreads
// consecutive word indices over all bytes, so a shifted or repeated chunk never matches by accident.
constexpr std::uint64_t word_value(std::uint64_t word_index) noexcept {
  return (word_index + 1) * 0x9E3779B97F4A7C15ULL;
}

static_assert(std::endian::native == std::endian::little, "the pattern is defined little-endian");

}  // namespace

std::uint8_t pattern_byte(std::uint64_t offset) noexcept {
  return static_cast<std::uint8_t>(word_value(offset / 8) >> (8 * (offset % 8)));
}

void fill_pattern(std::span<std::byte> dst, std::uint64_t offset) noexcept {
  std::size_t i = 0;
  for (; i < dst.size() && (offset + i) % 8 != 0; ++i) dst[i] = std::byte{pattern_byte(offset + i)};
  for (; i + 8 <= dst.size(); i += 8) {
    const std::uint64_t value = word_value((offset + i) / 8);
    std::memcpy(dst.data() + i, &value, sizeof value);
  }
  for (; i < dst.size(); ++i) dst[i] = std::byte{pattern_byte(offset + i)};
}

PatternCheck check_pattern(std::span<const std::byte> src, std::uint64_t offset) noexcept {
  PatternCheck result;
  auto check_byte = [&](std::size_t i) {
    if (std::to_integer<std::uint8_t>(src[i]) == pattern_byte(offset + i)) return;
    if (result.mismatches == 0) result.first_mismatch = offset + i;
    ++result.mismatches;
  };
  std::size_t i = 0;
  for (; i < src.size() && (offset + i) % 8 != 0; ++i) check_byte(i);
  for (; i + 8 <= src.size(); i += 8) {
    std::uint64_t value = 0;
    std::memcpy(&value, src.data() + i, sizeof value);
    if (value == word_value((offset + i) / 8)) continue;
    for (std::size_t j = i; j < i + 8; ++j) check_byte(j);
  }
  for (; i < src.size(); ++i) check_byte(i);
  return result;
}

}  // namespace pipetop

#include "pipetop/core/config/pattern.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace pipetop {
namespace {

std::vector<std::byte> filled(std::size_t size, std::uint64_t offset) {
  std::vector<std::byte> buf(size);
  fill_pattern(buf, offset);
  return buf;
}

TEST(Pattern, FillMatchesPatternByteEverywhere) {
  for (std::uint64_t offset : {0ULL, 1ULL, 7ULL, 8ULL, 13ULL, 4095ULL, (1ULL << 40) + 3}) {
    const auto buf = filled(77, offset);
    for (std::size_t i = 0; i < buf.size(); ++i) {
      ASSERT_EQ(std::to_integer<std::uint8_t>(buf[i]), pattern_byte(offset + i)) << offset << "+" << i;
    }
  }
}

TEST(Pattern, FillThenCheckHasNoMismatchesForManyOffsetsAndLengths) {
  const std::uint64_t offsets[] = {0,  1,  2,  3,  5,  7,    8,    9,          15,
                                   16, 17, 63, 64, 65, 4093, 4096, 1ULL << 33, (1ULL << 33) + 5};
  const std::size_t lengths[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 63, 64, 65, 100, 4095, 4096, 4097};
  for (std::uint64_t offset : offsets) {
    for (std::size_t length : lengths) {
      const auto buf = filled(length, offset);
      const PatternCheck check = check_pattern(buf, offset);
      EXPECT_EQ(check.mismatches, 0u) << "offset " << offset << " length " << length;
    }
  }
}

TEST(Pattern, ChunkingDoesNotMatter) {
  // A stream filled in one piece checks clean in arbitrary unaligned pieces, and vice versa.
  const auto whole = filled(10000, 3);
  std::size_t at = 0;
  for (std::size_t piece : {1UL, 6UL, 13UL, 4096UL, 7UL, 999UL}) {
    const std::span<const std::byte> part(whole.data() + at, piece);
    EXPECT_EQ(check_pattern(part, 3 + at).mismatches, 0u) << "piece at " << at;
    at += piece;
  }
  std::vector<std::byte> pieced(10000);
  for (std::size_t start = 0, piece = 1; start < pieced.size(); start += piece, piece = piece * 2 + 1) {
    const std::size_t n = std::min(piece, pieced.size() - start);
    fill_pattern(std::span<std::byte>(pieced.data() + start, n), 3 + start);
  }
  EXPECT_EQ(pieced, whole);
}

TEST(Pattern, CorruptedByteIsFoundAtItsStreamOffset) {
  for (std::uint64_t offset : {0ULL, 5ULL, 8ULL, 1000003ULL}) {
    for (std::size_t where : {0UL, 1UL, 7UL, 8UL, 100UL, 4094UL, 4095UL}) {
      auto buf = filled(4096, offset);
      buf[where] ^= std::byte{0x40};
      const PatternCheck check = check_pattern(buf, offset);
      EXPECT_EQ(check.mismatches, 1u) << "offset " << offset << " where " << where;
      EXPECT_EQ(check.first_mismatch, offset + where) << "offset " << offset << " where " << where;
    }
  }
}

TEST(Pattern, CountsEveryCorruptedByteAndReportsTheFirst) {
  auto buf = filled(1000, 11);
  for (std::size_t where : {900UL, 37UL, 38UL, 500UL}) buf[where] = ~buf[where];
  const PatternCheck check = check_pattern(buf, 11);
  EXPECT_EQ(check.mismatches, 4u);
  EXPECT_EQ(check.first_mismatch, 11u + 37u);
}

TEST(Pattern, ChunkShiftedByEightBytesMismatches) {
  // The writer's bytes for stream offsets [x + 8, ...) arrive where [x, ...) was expected, e.g. a
  // lost word: every 8-byte word differs from its neighbour, so the very first byte is caught.
  for (std::uint64_t x : {0ULL, 8ULL, 4096ULL, 12345ULL}) {
    const auto shifted = filled(4096, x + 8);
    const PatternCheck check = check_pattern(shifted, x);
    EXPECT_GE(check.mismatches, 4096u / 8) << x;  // at least one byte in every word
    EXPECT_EQ(check.first_mismatch, x) << x;
  }
}

TEST(Pattern, ChunkShiftedByOneWholeBufferMismatches) {
  // A stale half: the bytes of the previous 128 KiB chunk seen again where the next one belongs.
  const std::size_t half = 128 * 1024;
  const auto stale = filled(half, 0);
  const PatternCheck check = check_pattern(stale, half);
  EXPECT_GT(check.mismatches, half / 2);
  EXPECT_GE(check.first_mismatch, half);
  EXPECT_LT(check.first_mismatch, half + 8);  // caught within the first word
}

TEST(Pattern, EmptySpanHasNoMismatches) {
  const PatternCheck check = check_pattern({}, 12345);
  EXPECT_EQ(check.mismatches, 0u);
}

TEST(Pattern, NotAConstantOrShortPeriod) {
  // Different offsets give different bytes often enough that zero-filled or repeated data fails.
  std::vector<std::byte> zeros(4096);
  EXPECT_GT(check_pattern(zeros, 0).mismatches, 4000u);
  const auto page = filled(4096, 0);
  EXPECT_GT(check_pattern(page, 4096).mismatches, 4096u / 2);
}

}  // namespace
}  // namespace pipetop

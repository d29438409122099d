#pragma once
// Which side of the pipe waits for which: the reader looks at the pipe's fill once per sample, as it
// comes back for more bytes (sample.hpp). Found full, the writer has been waiting for it: the pair is
// reader-bound. Found empty, the reader is about to wait for the writer: writer-bound.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "pipetop/core/figures/sample.hpp"

namespace pipetop {

// Below this many looks a share of them is not shown (±14 points at worst: half a second of
// samples at the default 10 ms).
inline constexpr std::uint64_t kMinFillSamples = 50;

// A pipe counts as full when less than this is free: a write that does not end on a page boundary
// leaves its last page part-empty, and the pipe counts its capacity in pages.
inline constexpr std::uint64_t kFullSlackBytes = 4096;

class PipeFill {
 public:
  // One look: `fill_bytes` in a pipe of `pipe_bytes`. An unknown fill (< 0) or size (0) is ignored.
  void add(std::int64_t fill_bytes, std::uint64_t pipe_bytes);
  // Every look of `reader` samples.
  void add(std::span<const Sample> reader, std::uint64_t pipe_bytes);

  [[nodiscard]] std::uint64_t samples() const { return samples_; }
  [[nodiscard]] bool too_few_samples() const { return samples_ < kMinFillSamples; }
  // Shares of the looks (0..1); nullopt with too few of them.
  [[nodiscard]] std::optional<double> full_share() const;
  [[nodiscard]] std::optional<double> empty_share() const;
  [[nodiscard]] std::optional<double> mean_fill() const;  // of the pipe's size

 private:
  std::uint64_t samples_ = 0;
  std::uint64_t full_ = 0;
  std::uint64_t empty_ = 0;
  double fill_sum_ = 0;
};

// "reader-bound: the pipe is full 92% of the time", "writer-bound: the pipe is empty 88% of the
// time", or, when neither holds half the time, "neither side waits for long: the pipe is full 20%,
// empty 35% of the time". nullopt with too few looks.
[[nodiscard]] std::optional<std::string> bottleneck_words(const PipeFill& fill);

}  // namespace pipetop

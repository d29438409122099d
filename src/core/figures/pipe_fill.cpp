#include "pipetop/core/figures/pipe_fill.hpp"

#include <algorithm>

#include "pipetop/core/base/printf_string.hpp"

namespace pipetop {
namespace {

constexpr double kSideShare = 0.5;  // found full (or empty) at least this often: that side waits

}  // namespace

void PipeFill::add(std::int64_t fill_bytes, std::uint64_t pipe_bytes) {
  if (fill_bytes < 0 || pipe_bytes == 0) return;
  const auto fill = static_cast<std::uint64_t>(fill_bytes);
  ++samples_;
  if (fill == 0) ++empty_;
  if (fill + kFullSlackBytes > pipe_bytes) ++full_;
  fill_sum_ += std::min(1.0, static_cast<double>(fill) / static_cast<double>(pipe_bytes));
}

void PipeFill::add(std::span<const Sample> reader, std::uint64_t pipe_bytes) {
  for (const Sample& s : reader) add(s.pipe_fill, pipe_bytes);
}

std::optional<double> PipeFill::full_share() const {
  if (too_few_samples()) return std::nullopt;
  return static_cast<double>(full_) / static_cast<double>(samples_);
}

std::optional<double> PipeFill::empty_share() const {
  if (too_few_samples()) return std::nullopt;
  return static_cast<double>(empty_) / static_cast<double>(samples_);
}

std::optional<double> PipeFill::mean_fill() const {
  if (too_few_samples()) return std::nullopt;
  return fill_sum_ / static_cast<double>(samples_);
}

std::optional<std::string> bottleneck_words(const PipeFill& fill) {
  const std::optional<double> full = fill.full_share();
  const std::optional<double> empty = fill.empty_share();
  if (!full || !empty) return std::nullopt;
  if (*full >= kSideShare) return printf_string("reader-bound: the pipe is full %.0f%% of the time", *full * 100);
  if (*empty >= kSideShare) return printf_string("writer-bound: the pipe is empty %.0f%% of the time", *empty * 100);
  return printf_string("neither side waits for long: the pipe is full %.0f%%, empty %.0f%% of the time", *full * 100,
                       *empty * 100);
}

}  // namespace pipetop

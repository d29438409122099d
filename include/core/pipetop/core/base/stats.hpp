#pragma once
// Small order statistics over finite values. Empty input gives std::nullopt, never NaN.

#include <optional>
#include <span>

namespace pipetop {

[[nodiscard]] std::optional<double> mean(std::span<const double> values);

// Linear interpolation between closest ranks; p in [0, 1].
[[nodiscard]] std::optional<double> percentile(std::span<const double> values, double p);

[[nodiscard]] inline std::optional<double> median(std::span<const double> values) {
  return percentile(values, 0.5);
}

}  // namespace pipetop

#pragma once
// The median of a sample and its distribution-free confidence interval from order statistics: with n
// values, the interval from the k-th smallest to the k-th largest covers the true median with
// probability 1 - 2·P(Binomial(n, 1/2) < k), whatever the values' distribution. Chosen over a bootstrap
// because it needs no model of the noise (our VMs' slow and fast phases make round ratios bimodal, with
// outliers where a phase changed inside a round), no random resampling (the same rounds always give
// the same interval, so reports and tests are reproducible), and its coverage is known exactly and is
// at least the confidence asked, while a percentile bootstrap of a median of a few dozen values is
// known to cover less than it claims. Its price: no interval below 6 values at 95% (the widest, from
// the smallest to the largest value, covers only 1 - 2/2^n). Like the bootstrap it takes the values as
// independent: rounds that share a phase are not quite, which pairing within a round makes matter less.

#include <cstddef>
#include <optional>
#include <span>

namespace pipetop {

struct MedianInterval {
  double median = 0;     // as stats.hpp's median(): the middle value, or halfway between the two middle ones
  double low = 0;        // the k-th smallest value
  double high = 0;       // the k-th largest value
  double coverage = 0;   // the probability that [low, high] holds the true median: at least the confidence asked
  std::size_t rank = 0;  // k (1-based)
};

// The largest k for which [k-th smallest, k-th largest] of `count` values covers the median with at
// least `confidence` (in (0, 1)); nullopt when even the smallest-to-largest interval covers less.
[[nodiscard]] std::optional<std::size_t> median_interval_rank(std::size_t count, double confidence);

// The values' median and its interval at `confidence`; nullopt when there are too few values for one
// (fewer than 6 at 0.95). Non-finite values are the caller's to leave out.
[[nodiscard]] std::optional<MedianInterval> median_interval(std::span<const double> values, double confidence);

// The fewest values that give an interval at `confidence` (6 at 0.95); 0 for a confidence outside (0, 1).
[[nodiscard]] std::size_t values_for_interval(double confidence);

}  // namespace pipetop

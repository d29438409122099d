#pragma once
// The distribution of a segment's per-interval rates, for its percentiles, in bounded memory whatever
// the segment's length: a fixed histogram of logarithmic bins 0.05% wide from 1e-4 to 1e4 GiB/s (rates
// below go to a zero bin), so a quantile is known to within 0.05% (relative), and the lowest and
// highest exactly. Only the bins from the slowest rate seen to the fastest are held: 8 bytes per 0.05%
// of range, 11 KB for rates that vary 2x, 295 KB at most.

#include <cstdint>
#include <optional>
#include <vector>

namespace pipetop {

class RateDistribution {
 public:
  void add(double gib_per_s);  // non-finite values are ignored; negative ones count as zero

  [[nodiscard]] std::uint64_t count() const { return count_; }

  // The p-quantile (p in [0, 1]) by the closest-rank rule: to within 0.05%, exactly the lowest and
  // highest value at 0 and 1. nullopt when empty.
  [[nodiscard]] std::optional<double> quantile(double p) const;

 private:
  std::vector<std::uint64_t> bins_;  // from bin first_bin_ to the highest bin seen
  std::size_t first_bin_ = 0;
  std::uint64_t zeros_ = 0;  // below the first bin
  std::uint64_t count_ = 0;
  double min_ = 0;
  double max_ = 0;
};

}  // namespace pipetop

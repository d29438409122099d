#include "pipetop/core/figures/rate_distribution.hpp"

#include <algorithm>
#include <cmath>

namespace pipetop {
namespace {

constexpr double kLowest = 1e-4;  // GiB/s: the first bin's lower edge
constexpr double kHighest = 1e4;
constexpr double kBinRatio = 1.0005;  // each bin 0.05% wider than the one before
const double kLogRatio = std::log(kBinRatio);
const auto kBins = static_cast<std::size_t>(std::ceil(std::log(kHighest / kLowest) / std::log(kBinRatio)));

std::size_t bin_of(double v) {
  const double index = std::floor(std::log(v / kLowest) / kLogRatio);
  return std::min(static_cast<std::size_t>(std::max(index, 0.0)), kBins - 1);
}

// The geometric middle of bin `i`.
double middle_of(std::size_t i) {
  return kLowest * std::exp((static_cast<double>(i) + 0.5) * kLogRatio);
}

}  // namespace

void RateDistribution::add(double gib_per_s) {
  if (!std::isfinite(gib_per_s)) return;
  const double v = std::max(gib_per_s, 0.0);
  min_ = count_ == 0 ? v : std::min(min_, v);
  max_ = count_ == 0 ? v : std::max(max_, v);
  ++count_;
  if (v < kLowest) {
    ++zeros_;
    return;
  }
  const std::size_t bin = bin_of(v);
  if (bins_.empty()) {
    first_bin_ = bin;
  } else if (bin < first_bin_) {  // grows down to it: the bins cover the range seen, no more
    bins_.insert(bins_.begin(), first_bin_ - bin, 0);
    first_bin_ = bin;
  }
  if (bin - first_bin_ >= bins_.size()) bins_.resize(bin - first_bin_ + 1, 0);
  ++bins_[bin - first_bin_];
}

std::optional<double> RateDistribution::quantile(double p) const {
  if (count_ == 0) return std::nullopt;
  if (p <= 0) return min_;
  if (p >= 1) return max_;
  // The rank of the value wanted, counted from 0 (the closest-rank reading of linear interpolation).
  const auto rank = static_cast<std::uint64_t>(std::llround(p * static_cast<double>(count_ - 1)));
  if (rank < zeros_) return min_;  // all but nothing: the slowest is as good as any
  std::uint64_t seen = zeros_;
  for (std::size_t i = 0; i < bins_.size(); ++i) {
    seen += bins_[i];
    if (seen > rank) return std::clamp(middle_of(first_bin_ + i), min_, max_);
  }
  return max_;
}

}  // namespace pipetop

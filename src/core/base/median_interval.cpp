#include "pipetop/core/base/median_interval.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "pipetop/core/base/stats.hpp"

namespace pipetop {
namespace {

// P(Binomial(n, 1/2) <= j), summed in log space so that large n neither underflows nor overflows.
double binomial_half_cdf(std::size_t n, std::size_t j) {
  const auto nd = static_cast<double>(n);
  const double log_half_n = nd * std::log(0.5);
  double sum = 0;
  for (std::size_t i = 0; i <= j && i <= n; ++i) {
    const auto id = static_cast<double>(i);
    sum += std::exp(std::lgamma(nd + 1) - std::lgamma(id + 1) - std::lgamma(nd - id + 1) + log_half_n);
  }
  return std::min(sum, 1.0);
}

// The coverage of [k-th smallest, k-th largest] of n values.
double coverage(std::size_t n, std::size_t k) {
  return 1.0 - 2.0 * binomial_half_cdf(n, k - 1);
}

}  // namespace

std::optional<std::size_t> median_interval_rank(std::size_t count, double confidence) {
  if (count == 0 || !(confidence > 0 && confidence < 1)) return std::nullopt;
  if (coverage(count, 1) < confidence) return std::nullopt;
  std::size_t k = 1;
  // Each step narrows the interval by one value at each end; stop before it covers too little.
  while (2 * (k + 1) <= count && coverage(count, k + 1) >= confidence) ++k;
  return k;
}

std::optional<MedianInterval> median_interval(std::span<const double> values, double confidence) {
  const std::optional<std::size_t> k = median_interval_rank(values.size(), confidence);
  if (!k) return std::nullopt;
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return MedianInterval{*median(sorted), sorted[*k - 1], sorted[sorted.size() - *k], coverage(sorted.size(), *k), *k};
}

std::size_t values_for_interval(double confidence) {
  if (!(confidence > 0 && confidence < 1)) return 0;
  std::size_t n = 1;
  while (!median_interval_rank(n, confidence)) ++n;
  return n;
}

}  // namespace pipetop

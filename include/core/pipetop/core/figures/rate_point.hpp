#pragma once
// A stretch of the reader's throughput as the chart draws it: the rate over [t0_ns, t1_ns), and the
// lowest and highest rate of the sample intervals inside it (one interval: all three equal).

#include <cstdint>

namespace pipetop {

struct RatePoint {
  std::int64_t t0_ns = 0;
  std::int64_t t1_ns = 0;
  double gib_per_s = 0;  // bytes over time across the stretch
  double lo = 0;         // the slowest sample interval in it
  double hi = 0;         // the fastest
};

// One sample interval at `gib_per_s`.
[[nodiscard]] constexpr RatePoint single_rate(std::int64_t t0_ns, std::int64_t t1_ns, double gib_per_s) {
  return {t0_ns, t1_ns, gib_per_s, gib_per_s, gib_per_s};
}

}  // namespace pipetop

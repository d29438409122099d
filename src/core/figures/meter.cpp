#include "pipetop/core/figures/meter.hpp"

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/figures/throughput.hpp"

namespace pipetop {

std::optional<MeterReading> Meter::add(const Sample& sample) {
  if (!first_) {
    first_ = sample;
    last_reading_ = sample;
    return std::nullopt;
  }
  const std::int64_t since_ns = sample.t_ns - first_->t_ns;
  if (since_ns < next_second_ * kNsPerS) return std::nullopt;
  MeterReading reading;
  reading.elapsed_s = static_cast<double>(since_ns) / 1e9;
  reading.bytes = sample.bytes;
  reading.bytes_per_s = rate_bytes_per_s(*last_reading_, sample);
  reading.mean_bytes_per_s = rate_bytes_per_s(*first_, sample);
  if (expected_bytes_ && *expected_bytes_ > 0) {
    const double expected = static_cast<double>(*expected_bytes_);
    reading.fraction_done = static_cast<double>(sample.bytes) / expected;
    if (sample.bytes < *expected_bytes_ && reading.mean_bytes_per_s && *reading.mean_bytes_per_s > 0) {
      reading.eta_s = static_cast<double>(*expected_bytes_ - sample.bytes) / *reading.mean_bytes_per_s;
    }
  }
  last_reading_ = sample;
  next_second_ = since_ns / kNsPerS + 1;  // after a gap, the next whole second
  return reading;
}

}  // namespace pipetop

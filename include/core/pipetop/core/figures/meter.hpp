#pragma once
// A meter on one worker's stream, as pv shows one: once a second of the run, the bytes so far, the
// rate over the last second, the mean rate since the start and, with the stream's expected size, the
// share done and the time left. Its state is two samples whatever the run's length: a meter left
// running for days holds no more than one running for a second.

#include <cstdint>
#include <optional>

#include "pipetop/core/figures/sample.hpp"

namespace pipetop {

struct MeterReading {
  double elapsed_s = 0;                    // since the first sample
  std::uint64_t bytes = 0;                 // cumulative, as the worker counted them
  std::optional<double> bytes_per_s;       // since the previous reading (a second, or a gap)
  std::optional<double> mean_bytes_per_s;  // since the first sample
  std::optional<double> fraction_done;     // bytes / the expected size (above 1 when the stream is longer)
  std::optional<double> eta_s;             // the time left at the mean rate, while the expected size is ahead
};

class Meter {
 public:
  // `expected_bytes`: the stream's size when known (--size), for fraction_done and eta_s.
  explicit Meter(std::optional<std::uint64_t> expected_bytes = std::nullopt) : expected_bytes_(expected_bytes) {}

  // Takes the worker's next sample; returns the reading due with it: one per whole second after the
  // first sample (after a gap, at the next whole second), none before the first second or in between.
  [[nodiscard]] std::optional<MeterReading> add(const Sample& sample);

 private:
  std::optional<std::uint64_t> expected_bytes_;
  std::optional<Sample> first_;
  std::optional<Sample> last_reading_;
  std::int64_t next_second_ = 1;
};

}  // namespace pipetop

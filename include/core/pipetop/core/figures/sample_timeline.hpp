#pragma once
// Turns the two workers' sample streams into points on one time axis: seconds since the first
// sample of either worker, and the rate since that worker's previous sample.

#include <array>
#include <cstdint>
#include <optional>

#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

class SampleTimeline {
 public:
  struct Point {
    double t_s = 0;                   // since the first sample seen
    std::optional<double> gib_per_s;  // since this worker's previous sample; none for its first
  };

  Point add(WorkerRole role, const Sample& sample);

 private:
  std::optional<std::int64_t> t0_ns_;
  std::array<std::optional<Sample>, 2> previous_;
};

}  // namespace pipetop

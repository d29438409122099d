#include "pipetop/core/figures/sample_timeline.hpp"

#include "pipetop/core/figures/throughput.hpp"

namespace pipetop {

SampleTimeline::Point SampleTimeline::add(WorkerRole role, const Sample& sample) {
  if (!t0_ns_) t0_ns_ = sample.t_ns;
  Point point;
  point.t_s = static_cast<double>(sample.t_ns - *t0_ns_) / 1e9;
  std::optional<Sample>& previous = previous_[role == WorkerRole::writer ? 0 : 1];
  if (previous) {
    if (auto rate = rate_bytes_per_s(*previous, sample)) point.gib_per_s = bytes_to_gib(*rate);
  }
  previous = sample;
  return point;
}

}  // namespace pipetop

#include "pipetop/core/counters/counter.hpp"

#include <algorithm>

namespace pipetop {

std::optional<double> scaled_delta(const CounterReading& from, const CounterReading& to) noexcept {
  if (to.value < from.value || to.time_running < from.time_running || to.time_enabled < from.time_enabled) {
    return std::nullopt;
  }
  const std::uint64_t running = to.time_running - from.time_running;
  const std::uint64_t enabled = to.time_enabled - from.time_enabled;
  if (running == 0) return std::nullopt;
  const auto delta = static_cast<double>(to.value - from.value);
  if (running >= enabled) return delta;
  return delta * static_cast<double>(enabled) / static_cast<double>(running);
}

std::optional<double> running_fraction(const CounterReading& from, const CounterReading& to) noexcept {
  if (to.time_enabled <= from.time_enabled || to.time_running < from.time_running) return std::nullopt;
  const auto enabled = static_cast<double>(to.time_enabled - from.time_enabled);
  const auto running = static_cast<double>(to.time_running - from.time_running);
  return std::clamp(running / enabled, 0.0, 1.0);
}

}  // namespace pipetop

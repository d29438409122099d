#pragma once
// Counter readings as perf_event_open reports them (value, time enabled, time running), and how to
// turn them into honest numbers: scaled when multiplexed, with the fraction of time counted shown,
// and nothing at all when the counter never ran.

#include <cstdint>
#include <optional>

namespace pipetop {

inline constexpr std::size_t kMaxCounters = 20;

struct CounterReading {
  std::uint64_t value = 0;
  std::uint64_t time_enabled = 0;  // ns the event was enabled
  std::uint64_t time_running = 0;  // ns it was actually on a counter (less when multiplexed)
};

// The interval's count between two cumulative readings, scaled by enabled/running when the counter
// was multiplexed. nullopt when it did not run at all in the interval or the readings went backwards.
[[nodiscard]] std::optional<double> scaled_delta(const CounterReading& from, const CounterReading& to) noexcept;

// Fraction of the interval's enabled time the counter was running, in [0, 1]; nullopt when it was not
// enabled in the interval.
[[nodiscard]] std::optional<double> running_fraction(const CounterReading& from, const CounterReading& to) noexcept;

}  // namespace pipetop

#pragma once
// Pressure stall information (/proc/pressure/cpu, /proc/pressure/memory): the share of time tasks
// waited for a CPU, or stalled on memory, over the last 10, 60 and 300 seconds.

#include <cstdint>
#include <optional>
#include <string_view>

namespace pipetop {

struct PressureLine {
  double avg10_percent = 0;
  double avg60_percent = 0;
  double avg300_percent = 0;
  std::uint64_t total_us = 0;  // stall time since boot
};

struct Pressure {
  PressureLine some;                 // at least one task stalled
  std::optional<PressureLine> full;  // every task stalled (absent for the CPU on older kernels)
};

// Parses "some avg10=0.12 avg60=0.05 avg300=0.01 total=12345\nfull ...". nullopt when there is no
// well-formed "some" line.
[[nodiscard]] std::optional<Pressure> parse_pressure(std::string_view text);

}  // namespace pipetop

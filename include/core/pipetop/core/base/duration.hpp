#pragma once
// Durations as users write them ("10ms", "5s", "1.5s", "2m", "250us"; a bare number is seconds).

#include <cstdint>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

inline constexpr std::int64_t kNsPerUs = 1000;
inline constexpr std::int64_t kNsPerMs = 1000 * kNsPerUs;
inline constexpr std::int64_t kNsPerS = 1000 * kNsPerMs;

// Parses a positive duration into nanoseconds. On failure returns a usage error naming `text`:
// empty, not a number, negative or zero, unknown unit, or longer than a year.
[[nodiscard]] Result<std::int64_t> parse_duration_ns(std::string_view text);

// Compact form that parse_duration_ns accepts back: "10ms", "5s", "1500us".
[[nodiscard]] std::string format_duration_arg(std::int64_t ns);

}  // namespace pipetop

#pragma once
// Byte sizes as users write them ("65536", "64K", "64KiB", "1M", "2MiB", "1G") and as we print them.

#include <cstdint>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

inline constexpr std::uint64_t kKiB = 1024;
inline constexpr std::uint64_t kMiB = 1024 * kKiB;
inline constexpr std::uint64_t kGiB = 1024 * kMiB;

// Parses a whole, positive number of bytes with an optional binary suffix (K/KiB, M/MiB, G/GiB, any
// case; a trailing "B" alone means bytes). On failure returns a usage error naming `text` and the
// accepted forms: empty, not a number, fractional, unknown suffix, zero, or larger than 2^63.
[[nodiscard]] Result<std::uint64_t> parse_size(std::string_view text);

// "256 KiB", "2 MiB", "1.5 GiB", "1000 B": exact where the value is a whole number of the unit.
[[nodiscard]] std::string format_size(std::uint64_t bytes);

// "256 KiB" where the value is a whole number of a unit, else the exact count ("65537 B"): for
// messages that must show the very value that is wrong.
[[nodiscard]] std::string format_size_exact(std::uint64_t bytes);

// Compact form that parse_size accepts back: "256KiB", "2MiB", "1000".
[[nodiscard]] std::string format_size_arg(std::uint64_t bytes);

}  // namespace pipetop

#pragma once
// A count typed on the command line (--repeat, --pairs): decimal digits only, within a range.

#include <optional>
#include <string_view>

namespace pipetop {

// `text` as a whole number from `min` to `max`; nullopt when it is empty, has anything but digits
// (a sign included), or lies outside the range.
[[nodiscard]] std::optional<int> parse_whole_number(std::string_view text, int min, int max);

}  // namespace pipetop

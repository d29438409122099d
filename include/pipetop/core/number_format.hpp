#pragma once
// Numbers for people: compact counts ("1.23 G"), and "—" where there is nothing honest to show.

#include <optional>
#include <string>

namespace pipetop {

// 3 significant digits with an SI suffix: "950", "12.3 k", "1.23 G". Negative or non-finite: "—".
[[nodiscard]] std::string format_count(double value);

// printf-style fixed format ("%.2f"), or "—" when absent or not finite.
[[nodiscard]] std::string format_fixed(std::optional<double> value, int decimals);

}  // namespace pipetop

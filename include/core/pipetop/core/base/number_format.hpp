#pragma once
// Numbers for people: compact counts ("1.23 G"), and "—" where there is nothing honest to show.

#include <optional>
#include <string>

namespace pipetop {

// 3 significant digits with an SI suffix: "950", "12.3 k", "1.23 G". Negative or non-finite: "—".
[[nodiscard]] std::string format_count(double value);

// For prose: `significant` significant digits, the thousands grouped: 26347 → "26,300", 40.3 → "40",
// 0.123 → "0.12" (2 digits). Negative or non-finite: "—".
[[nodiscard]] std::string format_grouped(double value, int significant = 2);

// A share as a percentage: one decimal below 10% ("0.3%", "1.8%"), none above ("12%") or where it is
// 0 ("2%"). Non-finite: "—".
[[nodiscard]] std::string format_percent(double fraction);
// A share as a whole percentage, rounded half away from zero: 0.125 → "13%", 0.004 → "0%".
[[nodiscard]] std::string format_whole_percent(double fraction);

// printf-style fixed format ("%.2f"), or "—" when absent or not finite.
[[nodiscard]] std::string format_fixed(std::optional<double> value, int decimals);

}  // namespace pipetop

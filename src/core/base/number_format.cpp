#include "pipetop/core/base/number_format.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "pipetop/core/base/printf_string.hpp"

namespace pipetop {

std::string format_count(double value) {
  if (!std::isfinite(value) || value < 0) return "—";
  constexpr std::array<std::pair<double, const char*>, 4> units{{{1e12, " T"}, {1e9, " G"}, {1e6, " M"}, {1e3, " k"}}};
  std::array<char, 32> buf{};
  for (const auto& [scale, suffix] : units) {
    if (value < scale * 0.9995) continue;
    const double scaled = value / scale;
    std::snprintf(buf.data(), buf.size(),
                  scaled < 9.995   ? "%.2f%s"
                  : scaled < 99.95 ? "%.1f%s"
                                   : "%.0f%s",
                  scaled, suffix);
    return buf.data();
  }
  std::snprintf(buf.data(), buf.size(), value < 9.995 && value != std::floor(value) ? "%.2f" : "%.0f", value);
  return buf.data();
}

std::string format_grouped(double value, int significant) {
  if (!std::isfinite(value) || value < 0) return "—";
  if (value == 0) return "0";
  const int magnitude = static_cast<int>(std::floor(std::log10(value)));  // 26347 → 4
  const int decimals = std::max(0, significant - 1 - magnitude);
  const double unit = std::pow(10.0, magnitude + 1 - significant);
  const double rounded = decimals > 0 ? value : std::round(value / unit) * unit;
  std::array<char, 48> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, rounded);
  const std::string_view digits = buf.data();
  const std::size_t whole = std::min(digits.find('.'), digits.size());
  std::string text;
  for (std::size_t i = 0; i < whole; ++i) {
    if (i > 0 && (whole - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  text += digits.substr(whole);
  return text;
}

std::string format_fixed(std::optional<double> value, int decimals) {
  if (!value || !std::isfinite(*value)) return "—";
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, *value);
  return buf.data();
}

std::string format_percent(double fraction) {
  if (!std::isfinite(fraction)) return "—";
  const double percent = fraction * 100;
  std::string text = format_fixed(percent, std::abs(percent) < 9.95 ? 1 : 0);
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  return text + "%";
}

std::string format_whole_percent(double fraction) {
  return printf_string("%.0f%%", std::round(fraction * 100));
}

}  // namespace pipetop

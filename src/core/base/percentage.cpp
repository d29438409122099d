#include "pipetop/core/base/percentage.hpp"

#include <cmath>
#include <cstdlib>

namespace pipetop {

Result<double> parse_percentage(std::string_view text, std::string hint) {
  std::string number(text);
  if (number.ends_with('%')) number.pop_back();
  char* end = nullptr;
  const double percent = number.empty() ? NAN : std::strtod(number.c_str(), &end);
  if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(percent) || percent <= 0 ||
      percent >= 100) {
    return std::unexpected(
        usage_error("'" + std::string(text) + "' is not a percentage above 0 and below 100", std::move(hint)));
  }
  return percent / 100;
}

}  // namespace pipetop

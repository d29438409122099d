#include "pipetop/core/base/whole_number.hpp"

#include <charconv>

namespace pipetop {

std::optional<int> parse_whole_number(std::string_view text, int min, int max) {
  int number = 0;
  const char* last = text.data() + text.size();
  const auto [end, ec] = std::from_chars(text.data(), last, number);
  if (text.empty() || ec != std::errc() || end != last || number < min || number > max) return std::nullopt;
  return number;
}

}  // namespace pipetop

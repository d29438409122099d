#include "pipetop/core/base/utf8.hpp"

namespace pipetop {

std::size_t utf8_sequence_length(std::string_view s) {
  if (s.empty()) return 0;
  const auto byte = [&s](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char min2 = 0x80;
  unsigned char max2 = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) min2 = 0xA0;
    if (lead == 0xED) max2 = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) min2 = 0x90;
    if (lead == 0xF4) max2 = 0x8F;
  }
  if (length == 0 || s.size() < length || byte(1) < min2 || byte(1) > max2) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
  }
  return length;
}

}  // namespace pipetop

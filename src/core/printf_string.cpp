#include "pipetop/core/printf_string.hpp"

#include <array>
#include <cstdarg>
#include <cstdio>

namespace pipetop {

std::string printf_string(const char* format, ...) {
  std::array<char, 1024> buf{};
  va_list args;
  va_start(args, format);
  std::vsnprintf(buf.data(), buf.size(), format, args);
  va_end(args);
  return buf.data();
}

}  // namespace pipetop

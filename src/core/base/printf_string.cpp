#include "pipetop/core/base/printf_string.hpp"

#include <array>
#include <cstdarg>
#include <cstdio>

namespace pipetop {

std::string printf_string(const char* format, ...) {
  // Most figures and rows fit the stack buffer: one pass. A longer output is measured by that pass
  // and formatted again into a string of its size.
  std::array<char, 256> buf{};
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  const int length = std::vsnprintf(buf.data(), buf.size(), format, args);
  va_end(args);
  std::string out;
  if (length > 0 && static_cast<std::size_t>(length) < buf.size()) {
    out.assign(buf.data(), static_cast<std::size_t>(length));
  } else if (length > 0) {
    out.resize(static_cast<std::size_t>(length));
    std::vsnprintf(out.data(), out.size() + 1, format, again);  // writes the terminator at out[size]
  }
  va_end(again);
  return out;
}

}  // namespace pipetop

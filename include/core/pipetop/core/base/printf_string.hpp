#pragma once
// printf into a std::string (libstdc++ 12 has no <format>), for table rows and figures.

#include <string>

namespace pipetop {

// Formats like snprintf, into a string as long as the output needs: nothing is ever cut.
[[gnu::format(printf, 1, 2)]] [[nodiscard]] std::string printf_string(const char* format, ...);

}  // namespace pipetop

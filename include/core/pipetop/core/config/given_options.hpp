#pragma once
// The options named on a command line ("--writer-cpu", "--stdin", ...; "--" for a command to measure),
// as the checks of what goes with what read them.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

// Whether `option` ("--duration") is among `given`.
[[nodiscard]] inline bool option_given(const std::vector<std::string>& given, std::string_view option) {
  return std::find(given.begin(), given.end(), option) != given.end();
}

}  // namespace pipetop

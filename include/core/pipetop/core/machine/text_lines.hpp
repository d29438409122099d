#pragma once
// Kernel text files line by line.

#include <string_view>
#include <vector>

namespace pipetop {

// The lines of `text` without their '\n' (views into `text`); no empty last line for a final '\n'.
[[nodiscard]] std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace pipetop

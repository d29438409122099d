#pragma once
// Reading small kernel files (/proc, /sys) whole.

#include <string>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// The whole content of `path`. On failure returns a runtime error "open(<path>): <errno text>".
[[nodiscard]] Result<std::string> read_text_file(const std::string& path);

}  // namespace pipetop

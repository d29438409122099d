#pragma once
// Percentages as users write them for an option: "10%", "10", "2.5%".

#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// A percentage above 0 and below 100, as a fraction ("2.5%" → 0.025). Fails with a usage error naming
// the text, with `hint` (an example of the option it was given to).
[[nodiscard]] Result<double> parse_percentage(std::string_view text, std::string hint);

}  // namespace pipetop

#pragma once
// A 3-row block font for the readout's figure, legible from the back of a room.

#include <array>
#include <string>
#include <string_view>

namespace pipetop {

// The three rows of `text` (digits, '.', '-'; other characters as blanks) in block glyphs, or in '#'
// when the terminal has no unicode.
[[nodiscard]] std::array<std::string, 3> big_text(std::string_view text, bool unicode);

// Cells `text` takes in the big font.
[[nodiscard]] int big_text_width(std::string_view text);

}  // namespace pipetop

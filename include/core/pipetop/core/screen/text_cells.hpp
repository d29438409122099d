#pragma once
// Text measured in terminal cells (one per code point; pipetop prints no double-width glyphs), so
// tables line up however many bytes a "—" or a "×" takes.

#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

[[nodiscard]] int text_cells(std::string_view utf8);

// `text` padded with spaces to `width` cells, text on the left (pad_right) or on the right (pad_left).
[[nodiscard]] std::string pad_right(std::string text, int width);
[[nodiscard]] std::string pad_left(std::string text, int width);

// `text` broken at spaces into lines of at most `width` cells (a word longer than that is cut into
// pieces); runs of spaces between words become one. No lines for empty text or a width below 1.
[[nodiscard]] std::vector<std::string> wrap_words(std::string_view text, int width);

}  // namespace pipetop

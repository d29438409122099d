#pragma once
// A command-line fragment given as one argument (`pipetop ab --a '--busy-loop --buffer-size 1M'`) split
// into words the way a POSIX shell splits it: blanks separate words; single quotes keep everything
// literally; double quotes keep blanks, and a backslash in them escapes only $ ` " and \; outside
// quotes a backslash keeps the next character; a backslash before a newline joins the lines. Nothing
// is expanded ($VAR, globs, ~ stay as written): the user's own shell has already expanded what it was
// going to.

#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// The words of `text` (none for an empty or blank text). Fails with a usage error naming the quote
// that is never closed, or a backslash that ends the text.
[[nodiscard]] Result<std::vector<std::string>> split_shell_words(std::string_view text);

}  // namespace pipetop

#pragma once
// Bash and zsh completions written from the command line's own CLI11 app (`pipetop --completions
// bash|zsh`, which the build runs to make the installed files), so every option of every command is
// offered, and the values an option takes: its choices where its value's type lists them ("a|b"),
// file names for a FILE, BASELINE or PREFIX, nothing to guess for the others. A command's positional
// FILE (replay's recording) is completed with file names.

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// The completion script of `shell` ("bash" or "zsh") for `app` and its subcommands; a usage error
// naming the shells for another name.
[[nodiscard]] Result<std::string> completion_script(const CLI::App& app, std::string_view shell);

}  // namespace pipetop

#pragma once
// Files pipetop creates for the user (exports): never written through a symbolic link, never over
// an existing file unless asked, never left half-written in place — even in a directory others can
// write to, where a link may have been planted to redirect the file.

#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

enum class Overwrite { refuse, replace };

// What is at a path, not following a symbolic link (a link, dangling or not, is a file here: it is
// the name that would be replaced).
enum class AtPath { nothing, file, directory };

// Whether a file can be created at `path`: its directory exists, is a directory, and this process may
// create files in it. Returns what is at `path` now. On failure returns an environment error naming
// the directory (or the path) and errno.
[[nodiscard]] Result<AtPath> check_creatable(const std::string& path);

// Writes `text` to `path`. Overwrite::refuse creates it with O_CREAT|O_EXCL|O_NOFOLLOW: anything at
// `path`, a link included, fails with EEXIST. Overwrite::replace writes a new file (O_EXCL) beside it
// and renames it over `path`: a link there is itself replaced, its target untouched. On failure
// returns a runtime error naming the call, the path and errno, and leaves no temporary file.
[[nodiscard]] Result<void> write_new_file(const std::string& path, std::string_view text, Overwrite overwrite);

}  // namespace pipetop

#pragma once
// What made a document, for --version and for the stamp of the pictures pipetop writes: the version,
// the `git describe` of the tree it was built from (cmake/write_version.cmake), and when.

#include <string>
#include <string_view>

namespace pipetop {

// "pipetop 0.1.0 (git v0.1.0-42-gabc1234-dirty)".
[[nodiscard]] std::string_view version_text();

// version_text() and the time now in UTC to the minute, for a picture's stamp:
// "pipetop 0.1.0 (git v0.1.0-42-gabc1234) · 2026-11-28 01:02 UTC".
[[nodiscard]] std::string made_now();

}  // namespace pipetop

#pragma once
// The terminfo entries built into pipetop (xterm-256color and linux, compiled from the build machine's
// database by cmake/embed_terminfo.cmake), for a machine with no terminfo database: a bare container,
// or the portable binary on a minimal system. ncurses reads a terminal's entry from files only, so
// while one of these objects lives the entry is a file in a private folder that TERMINFO names; ncurses
// reads it once, when it sets the terminal up, and the folder goes with the object.

#include <optional>
#include <string>
#include <string_view>

namespace pipetop {

class BuiltInTerminfo {
 public:
  // Writes the built-in entry for `term` into a new private folder (in $TMPDIR, /tmp, /dev/shm or /run:
  // the first that takes it), under both layouts ncurses builds use ("x/xterm-256color", "78/..."), and
  // points TERMINFO at it. nullopt, with nothing written and nothing changed, when `term` is not built
  // in or no folder can be written.
  [[nodiscard]] static std::optional<BuiltInTerminfo> install(std::string_view term);

  BuiltInTerminfo(BuiltInTerminfo&& other) noexcept;
  BuiltInTerminfo& operator=(BuiltInTerminfo&&) = delete;
  BuiltInTerminfo(const BuiltInTerminfo&) = delete;
  BuiltInTerminfo& operator=(const BuiltInTerminfo&) = delete;
  // Removes the folder and gives TERMINFO its previous value (or none) back.
  ~BuiltInTerminfo();

 private:
  explicit BuiltInTerminfo(std::string folder);
  std::string folder_;  // empty once moved from
  std::optional<std::string> previous_terminfo_;
};

}  // namespace pipetop

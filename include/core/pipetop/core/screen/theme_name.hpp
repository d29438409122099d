#pragma once
// The dashboard's colour themes by name, for the command line (--theme) and the key that cycles
// them; what each one looks like is the ui layer's business (ui/theme.hpp).

#include <span>
#include <string_view>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

enum class ThemeName {
  dark,           // the terminal's own background, colours tuned for a dark one
  light,          // dark text on a light background the theme paints itself
  high_contrast,  // bright and bold on black, nothing dimmed: for projectors
};

// Every theme, in the order the key cycles through them.
[[nodiscard]] std::span<const ThemeName> all_themes();

// "dark", "light", "high-contrast".
[[nodiscard]] std::string_view to_string(ThemeName theme);

// The theme `name` names (as to_string writes it). Anything else: a usage error that lists the
// choices.
[[nodiscard]] Result<ThemeName> parse_theme(std::string_view name);

// The theme after `theme`, wrapping around: dark → light → high-contrast → dark.
[[nodiscard]] ThemeName next_theme(ThemeName theme);

}  // namespace pipetop

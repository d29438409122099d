#include "pipetop/core/screen/theme_name.hpp"

#include <array>
#include <string>

namespace pipetop {
namespace {

constexpr std::array kThemes{ThemeName::dark, ThemeName::light, ThemeName::high_contrast};

}  // namespace

std::span<const ThemeName> all_themes() {
  return kThemes;
}

std::string_view to_string(ThemeName theme) {
  switch (theme) {
    case ThemeName::dark:
      return "dark";
    case ThemeName::light:
      return "light";
    case ThemeName::high_contrast:
      return "high-contrast";
  }
  return "dark";
}

Result<ThemeName> parse_theme(std::string_view name) {
  std::string choices;
  for (const ThemeName theme : kThemes) {
    if (to_string(theme) == name) return theme;
    choices += (choices.empty() ? "" : ", ") + std::string(to_string(theme));
  }
  return std::unexpected(usage_error("unknown theme '" + std::string(name) + "'", "choose one of: " + choices));
}

ThemeName next_theme(ThemeName theme) {
  for (std::size_t i = 0; i < kThemes.size(); ++i) {
    if (kThemes[i] == theme) return kThemes[(i + 1) % kThemes.size()];
  }
  return ThemeName::dark;
}

}  // namespace pipetop

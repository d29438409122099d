#include "pipetop/core/screen/theme_name.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace pipetop {
namespace {

TEST(ThemeName, NamesRoundTrip) {
  ASSERT_EQ(all_themes().size(), 3u);
  for (const ThemeName theme : all_themes()) {
    const Result<ThemeName> parsed = parse_theme(to_string(theme));
    ASSERT_TRUE(parsed.has_value()) << to_string(theme);
    EXPECT_EQ(*parsed, theme);
  }
  EXPECT_EQ(to_string(ThemeName::dark), "dark");
  EXPECT_EQ(to_string(ThemeName::light), "light");
  EXPECT_EQ(to_string(ThemeName::high_contrast), "high-contrast");
}

TEST(ThemeName, AnUnknownNameIsAUsageErrorListingTheChoices) {
  for (const std::string name : {"blue", "", "Dark", "high_contrast", "light "}) {
    const Result<ThemeName> parsed = parse_theme(name);
    ASSERT_FALSE(parsed.has_value()) << name;
    EXPECT_EQ(parsed.error().kind, ExitCode::usage);
    EXPECT_NE(parsed.error().message.find("'" + name + "'"), std::string::npos) << parsed.error().message;
    EXPECT_EQ(parsed.error().hint, "choose one of: dark, light, high-contrast");
  }
}

TEST(ThemeName, NextCyclesThroughEveryThemeAndBack) {
  std::set<ThemeName> seen;
  ThemeName theme = ThemeName::dark;
  for (std::size_t i = 0; i < all_themes().size(); ++i) {
    seen.insert(theme);
    theme = next_theme(theme);
  }
  EXPECT_EQ(seen.size(), all_themes().size());
  EXPECT_EQ(theme, ThemeName::dark);
  EXPECT_EQ(next_theme(ThemeName::dark), ThemeName::light);
  EXPECT_EQ(next_theme(ThemeName::light), ThemeName::high_contrast);
}

}  // namespace
}  // namespace pipetop

#pragma once
// --help as pipetop prints it: no line wider than kHelpColumns (each option's description wrapped
// beside its name, the footer's paragraphs and examples' comments wrapped), CLI11's layout otherwise.

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

namespace pipetop {

inline constexpr int kHelpColumns = 100;
inline constexpr int kHelpNameColumns = 30;  // the names' column; descriptions fill the rest

class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter();

  std::string make_option_desc(const CLI::Option* option) const override;
  std::string make_footer(const CLI::App* app) const override;
};

// A footer fitted to `columns` cells: a line ending in ':' is a heading and an empty line a break,
// both kept; an indented line is an example, its "# comment" wrapped under the '#'; the other lines
// are prose, each paragraph's lines joined and wrapped again.
[[nodiscard]] std::string wrap_footer(std::string_view footer, int columns);

}  // namespace pipetop

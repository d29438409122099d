#include "pipetop/app/help_formatter.hpp"

#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

// `text` broken into lines that fit beside the names' column (CLI11 indents each line after a '\n').
std::string wrapped(const std::string& text) {
  std::string lines;
  for (const std::string& line : wrap_words(text, kHelpColumns - kHelpNameColumns)) {
    lines += (lines.empty() ? "" : "\n") + line;
  }
  return lines;
}

// An example ("  pipetop run ...   # what it shows") whose comment goes on under its '#'.
void add_example(std::string_view line, int columns, std::string& out) {
  const std::size_t hash = line.find(" # ");
  if (text_cells(line) <= columns || hash == std::string_view::npos) {
    out += std::string(line) + "\n";
    return;
  }
  const std::string command(line.substr(0, hash + 1));
  const int indent = text_cells(command);
  std::string lead = command;
  for (const std::string& piece : wrap_words(line.substr(hash + 3), columns - indent - 2)) {
    out += lead + "# " + piece + "\n";
    lead = std::string(static_cast<std::size_t>(indent), ' ');
  }
}

}  // namespace

std::string wrap_footer(std::string_view footer, int columns) {
  std::string out;
  std::string paragraph;
  const auto end_paragraph = [&] {
    for (const std::string& line : wrap_words(paragraph, columns)) out += line + "\n";
    paragraph.clear();
  };
  while (!footer.empty()) {
    const std::size_t newline = footer.find('\n');
    const std::string_view line = footer.substr(0, newline);
    footer.remove_prefix(newline == std::string_view::npos ? footer.size() : newline + 1);
    if (!line.empty() && !line.starts_with(' ') && !line.ends_with(':')) {
      paragraph += (paragraph.empty() ? "" : " ") + std::string(line);
      continue;
    }
    end_paragraph();
    if (line.starts_with(' ')) {
      add_example(line, columns, out);
    } else {
      out += std::string(line) + "\n";
    }
  }
  end_paragraph();
  return out;
}

HelpFormatter::HelpFormatter() {
  column_width(kHelpNameColumns);
  label("SUBCOMMAND", "COMMAND");
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
  return app->get_footer().empty() ? "" : wrap_footer(app->get_footer(), kHelpColumns) + "\n";
}

std::string HelpFormatter::make_option_desc(const CLI::Option* option) const {
  return wrapped(CLI::Formatter::make_option_desc(option));
}
}  // namespace pipetop

#include "pipetop/core/config/shell_words.hpp"

#include <optional>

namespace pipetop {
namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\n';
}

// Inside double quotes a backslash escapes only these; before anything else it stays.
bool escapable_in_double_quotes(char c) {
  return c == '$' || c == '`' || c == '"' || c == '\\';
}

// A backslash before a newline: both go, the lines join (in double quotes too).
bool joins_lines(std::string_view text, std::size_t i) {
  return text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\n';
}

Error unclosed(char quote, std::string_view text) {
  return usage_error(std::string("the ") + quote + " in '" + std::string(text) + "' is never closed",
                     "quote a value with blanks in it ('...' or \"...\"), and close each quote");
}

}  // namespace

Result<std::vector<std::string>> split_shell_words(std::string_view text) {
  std::vector<std::string> words;
  std::optional<std::string> word;  // the word being read; set by a quote even when empty ('')
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (joins_lines(text, i)) {
      ++i;
      continue;
    }
    if (blank(c)) {
      if (word) words.push_back(std::move(*word));
      word.reset();
      continue;
    }
    if (!word) word.emplace();
    if (c == '\\') {
      if (++i == text.size()) {
        return std::unexpected(usage_error("'" + std::string(text) + "' ends with a backslash that escapes nothing",
                                           "write \\\\ for a backslash"));
      }
      *word += text[i];
    } else if (c == '\'') {
      const std::size_t close = text.find('\'', i + 1);
      if (close == std::string_view::npos) return std::unexpected(unclosed('\'', text));
      *word += text.substr(i + 1, close - i - 1);
      i = close;
    } else if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (joins_lines(text, i)) {
          ++i;
          continue;
        }
        if (text[i] == '\\' && i + 1 < text.size() && escapable_in_double_quotes(text[i + 1])) ++i;
        *word += text[i];
      }
      if (i == text.size()) return std::unexpected(unclosed('"', text));
    } else {
      *word += c;
    }
  }
  if (word) words.push_back(std::move(*word));
  return words;
}

}  // namespace pipetop

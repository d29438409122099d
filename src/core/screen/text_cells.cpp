#include "pipetop/core/screen/text_cells.hpp"

#include <algorithm>
#include <utility>

namespace pipetop {

int text_cells(std::string_view utf8) {
  int cells = 0;
  for (const char c : utf8) cells += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return cells;
}

std::string pad_right(std::string text, int width) {
  const int cells = text_cells(text);
  if (cells < width) text.append(static_cast<std::size_t>(width - cells), ' ');
  return text;
}

std::string pad_left(std::string text, int width) {
  const int cells = text_cells(text);
  if (cells < width) text.insert(0, static_cast<std::size_t>(width - cells), ' ');
  return text;
}

namespace {

// The first `cells` code points of `utf8`, as bytes.
std::size_t prefix_bytes(std::string_view utf8, int cells) {
  std::size_t i = 0;
  for (int n = 0; i < utf8.size(); ++i) {
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80 && n++ == cells) break;
  }
  return i;
}

}  // namespace

std::vector<std::string> wrap_words(std::string_view text, int width) {
  std::vector<std::string> lines;
  if (width < 1) return lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t start = text.find_first_not_of(' ', at);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(text.find(' ', start), text.size());
    std::string_view word = text.substr(start, end - start);
    at = end;
    if (!line.empty() && text_cells(line) + 1 + text_cells(word) > width) lines.push_back(std::exchange(line, {}));
    while (text_cells(word) > width) {  // a word wider than a line: in pieces
      const std::size_t cut = prefix_bytes(word, width);
      lines.emplace_back(word.substr(0, cut));
      word.remove_prefix(cut);
    }
    if (!word.empty()) line += (line.empty() ? "" : " ") + std::string(word);
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace pipetop

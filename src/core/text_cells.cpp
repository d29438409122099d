#include "pipetop/core/text_cells.hpp"

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

}  // namespace pipetop

#include "pipetop/core/screen/dot_grid.hpp"

#include <algorithm>
#include <array>

namespace pipetop {
namespace {

// Braille dot bits by (column, row) within a cell: dots 1-2-3-7 on the left, 4-5-6-8 on the right.
constexpr std::array<std::array<std::uint8_t, 4>, 2> kBit{{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}};

std::string utf8(unsigned code_point) {
  std::string out;
  out += static_cast<char>(0xE0 | (code_point >> 12));
  out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
  out += static_cast<char>(0x80 | (code_point & 0x3F));
  return out;
}

}  // namespace

DotGrid::DotGrid(int cell_columns, int cell_rows)
    : columns_(std::max(cell_columns, 0)),
      rows_(std::max(cell_rows, 0)),
      cells_(static_cast<std::size_t>(columns_ * rows_), 0) {}

void DotGrid::set(int x, int y) {
  if (x < 0 || y < 0 || x >= dot_columns() || y >= dot_rows()) return;
  cells_[static_cast<std::size_t>((y / 4) * columns_ + x / 2)] |=
      kBit[static_cast<std::size_t>(x % 2)][static_cast<std::size_t>(y % 4)];
}

void DotGrid::vertical(int x, int y0, int y1) {
  for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y) set(x, y);
}

std::uint8_t DotGrid::mask(int cell_x, int cell_y) const {
  if (cell_x < 0 || cell_y < 0 || cell_x >= columns_ || cell_y >= rows_) return 0;
  return cells_[static_cast<std::size_t>(cell_y * columns_ + cell_x)];
}

bool DotGrid::empty(int cell_x, int cell_y) const {
  return mask(cell_x, cell_y) == 0;
}

std::string DotGrid::glyph(int cell_x, int cell_y, bool braille) const {
  const std::uint8_t m = mask(cell_x, cell_y);
  if (m == 0) return " ";
  if (braille) return utf8(0x2800U + m);
  const bool top = (m & 0x1B) != 0;                                          // rows 0-1 of either column
  const bool bottom = (m & 0xE4) != 0;                                       // rows 2-3
  if (top && bottom) return (m & 0x09) != 0 && (m & 0xC0) != 0 ? "|" : ":";  // rows 0 and 3: a full bar
  return top ? "'" : ".";
}

}  // namespace pipetop

#pragma once
// A raster of dots drawn as braille cells (2 × 4 dots each, U+2800..U+28FF) or, where the terminal
// cannot show braille, as ASCII approximations (' . : | and friends).

#include <cstdint>
#include <string>
#include <vector>

namespace pipetop {

class DotGrid {
 public:
  DotGrid(int cell_columns, int cell_rows);

  [[nodiscard]] int dot_columns() const { return columns_ * 2; }
  [[nodiscard]] int dot_rows() const { return rows_ * 4; }

  // Dot (x, y), y = 0 at the top; outside the grid is ignored.
  void set(int x, int y);
  // Dots (x, y0..y1) inclusive, either order.
  void vertical(int x, int y0, int y1);

  [[nodiscard]] bool empty(int cell_x, int cell_y) const;
  // The cell's glyph in UTF-8: braille, or an ASCII character when `braille` is false. Blank cells
  // give " ".
  [[nodiscard]] std::string glyph(int cell_x, int cell_y, bool braille) const;

 private:
  [[nodiscard]] std::uint8_t mask(int cell_x, int cell_y) const;
  int columns_;
  int rows_;
  std::vector<std::uint8_t> cells_;
};

}  // namespace pipetop

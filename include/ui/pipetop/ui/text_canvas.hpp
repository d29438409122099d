#pragma once
// An in-memory canvas: what was drawn, cell by cell, readable back as text and styles.

#include <string>
#include <vector>

#include "pipetop/ui/canvas.hpp"

namespace pipetop {

class TextCanvas final : public Canvas {
 public:
  TextCanvas(int width, int height, bool unicode = true);

  [[nodiscard]] int width() const override { return width_; }
  [[nodiscard]] int height() const override { return height_; }
  [[nodiscard]] bool unicode() const override { return unicode_; }
  int text(int x, int y, std::string_view utf8, Style style = {}) override;

  // Row `y` as text (every cell, trailing blanks included).
  [[nodiscard]] std::string line(int y) const;
  // All rows joined with newlines, trailing blanks of each row removed.
  [[nodiscard]] std::string dump() const;
  [[nodiscard]] Style style_at(int x, int y) const;
  [[nodiscard]] const std::string& glyph_at(int x, int y) const;
  // Cells written at least once (to check that regions do not overlap).
  [[nodiscard]] int writes_at(int x, int y) const;

 private:
  struct Cell {
    std::string glyph = " ";
    Style style;
    int writes = 0;
  };
  [[nodiscard]] const Cell& at(int x, int y) const;
  int width_;
  int height_;
  bool unicode_;
  std::vector<Cell> cells_;
};

}  // namespace pipetop

#pragma once
// The canvas that puts cells on the terminal through ncurses (private to the ui layer).

#include "pipetop/ui/canvas.hpp"

namespace pipetop {

class NcursesCanvas final : public Canvas {
 public:
  NcursesCanvas(bool unicode, bool color);
  [[nodiscard]] int width() const override;
  [[nodiscard]] int height() const override;
  [[nodiscard]] bool unicode() const override { return unicode_; }
  int text(int x, int y, std::string_view utf8, Style style = {}) override;

  // Colour pairs for the Color values; call once curses has started.
  void init_colors() const;

 private:
  [[nodiscard]] int attributes(Style style) const;
  bool unicode_;
  bool color_;
};

}  // namespace pipetop

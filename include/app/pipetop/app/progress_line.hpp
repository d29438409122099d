#pragma once
// Progress on stderr while a long command runs: one line rewritten in place on a terminal, a line per
// step otherwise (so logs stay readable).

#include <string>

namespace pipetop {

class ProgressLine {
 public:
  // `quiet`: shows nothing.
  explicit ProgressLine(bool quiet);
  void show(const std::string& text);
  // Clears the line (on a terminal) before the results are printed.
  void done();
  // Whether stderr is a terminal (the line is rewritten in place).
  [[nodiscard]] bool terminal() const { return terminal_; }

 private:
  bool quiet_;
  bool terminal_;
  bool shown_ = false;
};

}  // namespace pipetop

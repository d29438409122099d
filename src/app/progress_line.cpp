#include "pipetop/app/progress_line.hpp"

#include <unistd.h>

#include <cstdio>

namespace pipetop {

ProgressLine::ProgressLine(bool quiet) : quiet_(quiet), terminal_(isatty(STDERR_FILENO) != 0) {}

void ProgressLine::show(const std::string& text) {
  if (quiet_) return;
  std::fprintf(stderr, terminal_ ? "\r\033[K%s" : "%s\n", text.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::done() {
  if (terminal_ && shown_) std::fprintf(stderr, "\r\033[K");
  shown_ = false;
}

}  // namespace pipetop

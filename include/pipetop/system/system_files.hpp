#pragma once
// The /proc and /sys files machine facts come from, under a root: "/" on a live machine, a fixture
// directory in tests (snapshots of a VM without PMU, a bare-metal box, a hybrid CPU...).

#include <string>
#include <vector>

#include "pipetop/core/error.hpp"

namespace pipetop {

class SystemFiles {
 public:
  explicit SystemFiles(std::string root = "") : root_(std::move(root)) {}

  // The content of `path` (absolute, as on a live machine) under the root. Errors as read_text_file.
  [[nodiscard]] Result<std::string> read(const std::string& path) const;
  // The first line of `path`, trimmed; empty when unreadable.
  [[nodiscard]] std::string line(const std::string& path) const;
  // Entry names of directory `path` (no . or ..), sorted; empty when unreadable.
  [[nodiscard]] std::vector<std::string> list(const std::string& path) const;

 private:
  std::string root_;
};

}  // namespace pipetop

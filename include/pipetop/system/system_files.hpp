#pragma once
// The /proc and /sys files machine facts come from, under a root: "/" on a live machine, a fixture
// directory in tests (snapshots of a VM without PMU, a bare-metal box, a hybrid CPU...).

#include <optional>
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
  // The whole number at the start of `path`'s first line; nullopt when unreadable or not a number.
  [[nodiscard]] std::optional<long> number(const std::string& path) const;
  // The bracketed choice of a kernel setting file ("always [madvise] never" -> "madvise"), or
  // "unknown".
  [[nodiscard]] std::string bracketed(const std::string& path) const;
  // Entry names of directory `path` (no . or ..), sorted; empty when unreadable.
  [[nodiscard]] std::vector<std::string> list(const std::string& path) const;

 private:
  std::string root_;
};

}  // namespace pipetop

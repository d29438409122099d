#pragma once
// CPU lists as the kernel prints them ("0-3,8,10-11"), and a writer/reader pair of CPUs.

#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// Parses a kernel CPU list into sorted, unique CPU numbers. An empty or blank list is an empty vector.
// On malformed text returns a runtime error quoting it.
[[nodiscard]] Result<std::vector<int>> parse_cpu_list(std::string_view text);

// "0-3,8" for {0,1,2,3,8}.
[[nodiscard]] std::string format_cpu_list(const std::vector<int>& cpus);

struct CpuPair {
  int writer = 0;  // kUnpinned: left to the scheduler
  int reader = 0;
  friend bool operator==(const CpuPair&, const CpuPair&) = default;
};

// "cpu 0→1", "cpu any→1" for an unpinned side.
[[nodiscard]] std::string cpu_pair_text(const CpuPair& cpus);

}  // namespace pipetop

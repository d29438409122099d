#pragma once
// Which CPUs the writer and the reader of one pair run on when the command line leaves one or both
// unset, chosen from the CPUs this process may use, and the reason in words for `run` and `check`.

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/machine/cpu_list.hpp"
#include "pipetop/core/machine/cpu_topology.hpp"

namespace pipetop {

struct PinningChoice {
  CpuPair cpus;
  // "cpu 0→1: two physical cores of the 2 allowed CPUs",
  // "cpu 0→0: only CPU 0 is allowed here (cpuset), writer and reader share it".
  std::string reason;
  bool shared = false;  // the machine left no better choice than one CPU for both, or none at all
};

// Both unset: the first pair place_pairs() gives. One set: the other on its partner_of(); set to
// kUnpinned, the other stays unpinned too (the user asked the scheduler to place them). Both set: as
// asked (validate() has checked them against `allowed`). `allowed`: the CPUs this process may use with
// their places; `narrowed_by`: what left online CPUs out ("cpuset", "affinity"...), for the reason.
// Never fails.
[[nodiscard]] PinningChoice choose_pinning(const std::vector<CpuPlace>& allowed, const std::string& narrowed_by,
                                           std::optional<int> writer, std::optional<int> reader);

}  // namespace pipetop

#pragma once
// Whether a run did what it was asked, decided once for every output: a worker that failed, a run
// that moved nothing (`true | pipetop run --stdin`) or a --verify that found corrupted bytes fails the
// run, whatever else happened; the exit code of `pipetop run` follows from it.

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/figures/run_outcome.hpp"

namespace pipetop {

struct RunVerdict {
  std::vector<std::string> problems;  // one sentence each, for stderr and the JSON summary
  [[nodiscard]] bool ok() const { return problems.empty(); }
};

// The problems of `outcome`: the worker failure; that nothing moved, and why (unless a signal, a
// worker failure or a failed command of the user's explains it); then the mismatches --verify found
// (how many, how many bytes were checked, and the stream offset of the first).
[[nodiscard]] RunVerdict judge_run(const RunOutcome& outcome);

// 1 when the verdict has problems (a failure outranks an interruption: a script must see it), else
// 128+N when signal N interrupted the run, else 0.
[[nodiscard]] int run_exit_code(const RunVerdict& verdict, std::optional<int> signal);

}  // namespace pipetop

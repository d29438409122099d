#include "pipetop/core/run_verdict.hpp"

#include "pipetop/core/error.hpp"
#include "pipetop/core/size.hpp"

namespace pipetop {

RunVerdict judge_run(const RunOutcome& outcome) {
  RunVerdict verdict;
  if (outcome.end == EndReason::worker_failed) verdict.problems.push_back(outcome.failure);
  if (outcome.verify && outcome.verify->mismatches > 0) {
    verdict.problems.push_back("verify found " + std::to_string(outcome.verify->mismatches) +
                               " mismatched byte(s) in " + format_size(outcome.verify->bytes_checked) +
                               " checked, the first at stream offset " +
                               std::to_string(outcome.verify->first_mismatch));
  }
  return verdict;
}

int run_exit_code(const RunVerdict& verdict, std::optional<int> signal) {
  if (!verdict.ok()) return static_cast<int>(ExitCode::runtime);
  return signal ? 128 + *signal : static_cast<int>(ExitCode::ok);
}

}  // namespace pipetop

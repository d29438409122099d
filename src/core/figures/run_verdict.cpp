#include "pipetop/core/figures/run_verdict.hpp"

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

// "nothing moved: the producer (stdin) closed its end without writing", or why else the run moved
// no byte; "" when it moved some, or when the emptiness is explained otherwise: a signal cut the run
// short, a worker failed (its error says why), or a command pipetop started failed (its exit status).
std::string nothing_moved(const RunOutcome& outcome) {
  if (summarize(outcome).throughput.bytes > 0) return {};
  if (outcome.end == EndReason::interrupted || outcome.end == EndReason::worker_failed) return {};
  if (command_exit_code(outcome.other_end).value_or(0) != 0) return {};
  if (!outcome.other_end)
    return "nothing moved: no byte went through the pipe (" + std::string(to_string(outcome.end)) + ")";
  const bool writes = outcome.other_end->role == WorkerRole::writer;
  const std::string who = "nothing moved: the " + outcome.other_end->words;
  if (outcome.end == EndReason::other_end)
    return who + (writes ? " closed its end without writing" : " closed its end without reading");
  return who + (writes ? " wrote nothing before the run ended (" : " read nothing before the run ended (") +
         std::string(to_string(outcome.end)) + ")";
}

}  // namespace

RunVerdict judge_run(const RunOutcome& outcome) {
  RunVerdict verdict;
  if (outcome.end == EndReason::worker_failed) verdict.problems.push_back(outcome.failure);
  if (std::string nothing = nothing_moved(outcome); !nothing.empty()) verdict.problems.push_back(std::move(nothing));
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

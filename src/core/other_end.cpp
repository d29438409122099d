#include "pipetop/core/other_end.hpp"

#include <cstring>

namespace pipetop {

OtherEndCpu other_end_cpu(const RunOutcome& outcome) {
  if (!outcome.other_end) return {};
  const std::size_t i = outcome.other_end->role == WorkerRole::writer ? 0 : 1;
  const std::optional<ProcessTimes>& first = outcome.times_first[i];
  const std::optional<ProcessTimes>& last = outcome.times_last[i];
  if (!first || !last || last->t_ns <= first->t_ns) return {};
  const double wall_ns = static_cast<double>(last->t_ns - first->t_ns);
  return {100.0 * static_cast<double>(last->cpu.user_ns - first->cpu.user_ns) / wall_ns,
          100.0 * static_cast<double>(last->cpu.system_ns - first->cpu.system_ns) / wall_ns};
}

std::string name_other_end(const OtherEnd& end) {
  if (end.pid == 0) return end.unknown_reason;
  return "pid " + std::to_string(end.pid) + (end.command_line.empty() ? "" : ": " + end.command_line);
}

std::string command_end_words(const OtherEnd& end) {
  if (end.exit_signal) {
    const char* name = sigdescr_np(*end.exit_signal);
    const std::string signal =
        "signal " + std::to_string(*end.exit_signal) + (name ? " (" + std::string(name) + ")" : "");
    return end.ended_by_pipetop ? "ended by pipetop (" + signal + ")" : "killed by " + signal;
  }
  if (end.exit_status) return "exited with status " + std::to_string(*end.exit_status);
  return {};
}

std::optional<int> command_exit_code(const RunOutcome& outcome) {
  if (!outcome.other_end || outcome.other_end->ended_by_pipetop) return std::nullopt;
  if (outcome.other_end->exit_signal) return 128 + *outcome.other_end->exit_signal;
  return outcome.other_end->exit_status;
}

}  // namespace pipetop

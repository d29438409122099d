#include "pipetop/core/figures/other_end.hpp"

#include <cstring>

namespace pipetop {

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

std::optional<int> command_exit_code(const std::optional<OtherEnd>& end) {
  if (!end || end->ended_by_pipetop) return std::nullopt;
  if (end->exit_signal) return 128 + *end->exit_signal;
  return end->exit_status;
}

}  // namespace pipetop

#pragma once
// The real CommandRunner (command_arm.hpp): `/bin/sh -c COMMAND` started as `run -- COMMAND`'s command
// is (spawn_command: a process group of its own, default signals), with its environment and CPUs,
// its stdout read by pipetop, its stderr pipetop's. Once the shell has exited, or its time is up,
// its whole process group is killed, so nothing it started outlives its slice and competes with
// the next one for the CPUs.

#include <cstddef>

#include "pipetop/core/experiment/command_arm.hpp"

namespace pipetop {

// How much of a command's output is kept: its end, where its figure is.
inline constexpr std::size_t kCommandOutputKeptBytes = 64 * 1024;

class ShellCommandRunner final : public CommandRunner {
 public:
  // The last kCommandOutputKeptBytes of what the command wrote on stdout, read until the shell
  // exits. Fails as CommandRunner::run says: the error names the command and its exit status, the
  // signal that killed it, or the timeout it overran.
  [[nodiscard]] Result<std::string> run(const CommandRun& run) override;
  [[nodiscard]] std::int64_t now_ns() override;
};

}  // namespace pipetop

#pragma once
// The user's program at the other end of the pipe, when pipetop measures one (pipe_ends.hpp), and what
// the reports say of it: who it is, how it ended, and the exit code `pipetop run` follows it with. (Its
// CPU and counters are figures of its role in the segment, segment_aggregate.hpp.)

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

// The end of the pipe held by the user's program, when pipetop measures one (pipe_ends.hpp).
struct OtherEnd {
  WorkerRole role = WorkerRole::writer;  // the part it plays
  std::string words;                     // "producer (stdin)", "command", "consumer (stdout)"
  std::int64_t pid = 0;                  // 0: not known
  std::string command_line;              // as /proc/PID/cmdline has it, or the command pipetop started
  std::string unknown_reason;            // why it could not be named, when pid is 0
  std::optional<int> exit_status;        // a command pipetop started: its exit status
  std::optional<int> exit_signal;        // ... or the signal that ended it
  bool ended_by_pipetop = false;         // ... pipetop stopped it (the duration, a signal to pipetop)
  std::string pass_path;                 // --pass: how the bytes go on to stdout
  std::vector<std::string> command;      // a command pipetop started (-- COMMAND): its arguments
  bool pass = false;                     // --pass: pipetop forwarded what it read to stdout
  bool until_end = false;                // no --duration: it ran until the other program closed its end
};

[[nodiscard]] std::string name_other_end(const OtherEnd& end);

// "exited with status 3", "killed by signal 9 (Killed)", "ended by pipetop (SIGTERM)"; "" when not a
// command pipetop started or not yet reaped.
[[nodiscard]] std::string command_end_words(const OtherEnd& end);

// What `pipetop run -- COMMAND` exits with when the run itself went well (run_verdict.hpp decides
// first): the exit status of a command that ended by itself (128+N when signal N killed it); nullopt
// when there is no command or pipetop ended it (the duration, a signal to pipetop).
[[nodiscard]] std::optional<int> command_exit_code(const std::optional<OtherEnd>& end);

}  // namespace pipetop

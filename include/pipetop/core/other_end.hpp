#pragma once
// What the reports say of the user's program at the other end of the pipe: who it is, the CPU it
// used beside pipetop's own worker, how it ended, and the exit code `pipetop run` follows it with.

#include <optional>
#include <string>

#include "pipetop/core/run_outcome.hpp"

namespace pipetop {

struct OtherEndCpu {
  std::optional<double> user_percent;  // of one CPU over the parent's first and last /proc readings
  std::optional<double> system_percent;
};

// The other end's CPU from outcome.times_first/last of its role; none without two readings.
[[nodiscard]] OtherEndCpu other_end_cpu(const RunOutcome& outcome);

// "pid 4242: yes y", or why it could not be named.
[[nodiscard]] std::string name_other_end(const OtherEnd& end);

// "exited with status 3", "killed by signal 9 (Killed)", "ended by pipetop (SIGTERM)"; "" when not a
// command pipetop started or not yet reaped.
[[nodiscard]] std::string command_end_words(const OtherEnd& end);

// What `pipetop run -- COMMAND` exits with when the run itself went well (run_verdict.hpp decides
// first): the exit status of a command that ended by itself (128+N when signal N killed it); nullopt
// when there is no command or pipetop ended it (the duration, a signal to pipetop).
[[nodiscard]] std::optional<int> command_exit_code(const RunOutcome& outcome);

}  // namespace pipetop

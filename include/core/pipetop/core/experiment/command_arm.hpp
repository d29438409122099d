#pragma once
// A command standing in for one arm of a race (`pipetop ab --b-command`): another program that moves
// bytes through a pipe of its own and measures them itself, the seed benchmark's `write | read` in
// bench/ladder. Each slice runs the command once through a shell; it learns its CPUs and how much to
// move from its environment, and its figure is what it prints: the number its output's last line
// starts with, in GiB/s (the seed's `--csv` row and its plain line both start with it).
//
// That figure is the program's own, not SegmentThroughput's: the seed's is the bytes its reader read
// over the reader's whole wall time, start-up included (pipetop leaves out its first 10%, or 200 ms).
// A program that moves a count of bytes cannot be stopped at a time and still print its figure, so each
// slice asks for the bytes that fill it at the arm's last figure (round_runner.hpp sizes it) and the
// command stops by itself; one that overruns its slice several times over is killed and fails.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/trial.hpp"

namespace pipetop {

// The environment each run of the command gets, on top of pipetop's.
inline constexpr std::string_view kWriterCpuVariable = "PIPETOP_WRITER_CPU";  // a CPU list for taskset -c
inline constexpr std::string_view kReaderCpuVariable = "PIPETOP_READER_CPU";
inline constexpr std::string_view kBytesVariable = "PIPETOP_BYTES";    // bytes to move, a whole number
inline constexpr std::string_view kSliceVariable = "PIPETOP_SLICE_S";  // how long the slice should last

// Bytes a slice asks for when nothing has been measured yet, and the fewest it ever asks for.
inline constexpr std::uint64_t kCommandFirstBytes = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kCommandLeastBytes = std::uint64_t{64} << 20;

// A command that overruns its slice this many times (plus kCommandGraceNs) is killed.
inline constexpr std::int64_t kCommandOverrun = 4;
inline constexpr std::int64_t kCommandGraceNs = 2'000'000'000;

// One run of the command, as the runner starts it.
struct CommandRun {
  std::string command;                                   // for /bin/sh -c
  std::vector<std::pair<std::string, std::string>> env;  // added to pipetop's environment
  std::vector<int> cpus;                                 // its affinity; empty: pipetop's own
  std::int64_t timeout_ns = 0;                           // killed (its whole process group) after it
  friend bool operator==(const CommandRun&, const CommandRun&) = default;
};

// The seam that runs a command: a shell in its own process group in the app (shell_command_runner.hpp),
// a script in tests.
class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  // Runs `run` to its end and gives what it wrote on stdout. Fails (runtime error naming the command)
  // when it cannot be started, exits with a status other than 0, is killed by a signal, or outlives
  // its timeout; whatever it started is killed in every case.
  [[nodiscard]] virtual Result<std::string> run(const CommandRun& run) = 0;
  // Monotonic time (ns): the same clock as the race's.
  [[nodiscard]] virtual std::int64_t now_ns() = 0;
};

// The figure in a command's output: the number its last non-blank line starts with ("12.5,1073741824,..."
// or "4.5GiB/s, 256KiB buffer, ..."). Fails with a runtime error quoting that line when it starts with
// no positive number, or saying the output was empty.
[[nodiscard]] Result<double> command_figure(std::string_view output);

// The bytes a slice of `run_ns` moves at `gib_per_s` (kCommandFirstBytes when unknown), never fewer
// than kCommandLeastBytes.
[[nodiscard]] std::uint64_t command_slice_bytes(std::optional<double> gib_per_s, std::int64_t run_ns);

// A TrialRunner whose every trial is one run of `command`: the configuration it is handed gives only
// the CPUs (its writer's and reader's, or the allowed ones when unpinned) and the bytes (bytes_limit;
// unset: kCommandFirstBytes). The trial carries the command's figure and no workers' figures, so it is
// never marked disturbed. Never throws: a failed run is a Trial with its error.
class CommandTrialRunner final : public TrialRunner {
 public:
  // `runner` and `allowed_cpus` (the CPUs pipetop may use, for an unpinned side) must outlive it.
  CommandTrialRunner(CommandRunner& runner, std::string command, std::vector<int> allowed_cpus)
      : runner_(runner), command_(std::move(command)), allowed_cpus_(std::move(allowed_cpus)) {}

  [[nodiscard]] Trial run(const RunConfig& config, std::int64_t duration_ns) override;
  [[nodiscard]] std::int64_t now_ns() override { return runner_.now_ns(); }

  // The run that a trial of `config` for `duration_ns` starts.
  [[nodiscard]] CommandRun command_run(const RunConfig& config, std::int64_t duration_ns) const;

 private:
  CommandRunner& runner_;
  std::string command_;
  std::vector<int> allowed_cpus_;
};

}  // namespace pipetop

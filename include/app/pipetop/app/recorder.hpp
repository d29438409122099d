#pragma once
// --record FILE: a recording (recording.hpp) written as the session goes — the header at once, each
// event as it is taken in, the summary at the end — so that `pipetop replay FILE` draws it again.

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/screen/history.hpp"

namespace pipetop {

class Recorder {
 public:
  // Creates (or truncates) `path` and writes the header; `command` is what records ("run", "tour",
  // "dashboard"). An empty path (no --record): no recorder (null). On failure: an environment error
  // naming the file and errno.
  [[nodiscard]] static Result<std::unique_ptr<Recorder>> open(const std::string& path, const MachineFacts& facts,
                                                              std::string_view command);
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // Writes the event's line; a write that fails is remembered for finish().
  void record(const SessionEvent& event);

  // Writes the summary (every configuration recorded, with its statistics; for a run, its outcome too)
  // and closes the file. Returns the first write error, naming the file.
  [[nodiscard]] Result<void> finish(const RunOutcome* run = nullptr);

  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  Recorder(std::FILE* file, std::string path) : file_(file), path_(std::move(path)), history_(kRatesKeptNs) {}
  void write(const std::string& line);

  static constexpr std::int64_t kRatesKeptNs = 10'000'000'000;  // the summary needs the statistics, not the chart
  std::FILE* file_;
  std::string path_;
  History history_;
  std::optional<Error> error_;
};

}  // namespace pipetop

#pragma once
// What a comparison reads from a result document: a `check --json` document, or the JSON Lines of
// `run --format json`. The baseline read back from its file and this run's own document go through the
// same reader, so both sides of a comparison are read alike.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

struct Measurement {
  std::string name;                    // the rung ("write/read", "tuned best"), or "run"
  std::optional<double> gib_per_s;     // the headline figure; none when it failed
  std::vector<double> runs_gib_per_s;  // the figures that show its spread: each run of a check rung, or
                                       // the steady-state windows of a run
  bool disturbed = false;              // the machine competed for the workers' CPUs
  std::string error;                   // why it moved nothing, when it failed
  std::string command;                 // the `pipetop run` line that measures it
};

struct MeasuredResults {
  std::string type;  // "check" or "run"
  std::vector<Measurement> measurements;
  // The typed facts flattened to text, by path ("kernel", "thp.enabled", "vulnerabilities.mds"), without
  // those that change by the second (pressure, free huge pages) or are prose (reasons).
  std::map<std::string, std::string> facts;
  // How it was measured, by path: check's "rung_seconds" and "repeat", run's "config.buffer-size"...
  std::map<std::string, std::string> settings;
};

// Reads a `check --json` document. Fails with a usage error naming the problem when the text is not
// JSON, is another document (a run's output), or was written by a newer pipetop (a higher schema_version).
[[nodiscard]] Result<MeasuredResults> read_check_results(std::string_view text);

// Reads `run --format json` output — its summary line and, when present, its machine line; sample lines
// are skipped — or a `run --export` .json holding one result. Fails with a usage error naming the
// problem as read_check_results does, or when there is no summary line.
[[nodiscard]] Result<MeasuredResults> read_run_results(std::string_view text);

// The settings of a run's configuration object (`config_json`, as write_config_members writes it) by
// the paths MeasuredResults::settings uses ("config.writer", "config.buffer-size"): a configuration
// about to run, to set beside a baseline's before it runs. Empty when the text is no JSON object.
[[nodiscard]] std::map<std::string, std::string> run_config_settings(std::string_view config_json);

}  // namespace pipetop

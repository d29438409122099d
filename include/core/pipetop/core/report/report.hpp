#pragma once
// Headless output of `pipetop run`: text (a line per second and a summary), CSV (a row per sample and
// a summary row), JSON Lines (a machine object, sample objects, a progress object a second and one
// summary object) or OpenMetrics
// (the summary's metrics, for a monitoring system). A Report turns events into text; the caller writes
// it out, so every format is testable as strings.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/core/machine/machine_facts.hpp"

namespace pipetop {

enum class OutputFormat { text, csv, json, openmetrics };
[[nodiscard]] Result<OutputFormat> parse_output_format(std::string_view text);
[[nodiscard]] std::string_view to_string(OutputFormat format);

class Report {
 public:
  virtual ~Report() = default;
  // Text to print before the first sample (a CSV header; may be empty). `counters` are the workers'
  // counters in sample order (the same for both workers).
  [[nodiscard]] virtual std::string header(const std::vector<CounterInfo>& counters) = 0;
  // Text for one sample of `role`, in arrival order per worker (may be empty).
  [[nodiscard]] virtual std::string sample(WorkerRole role, const Sample& sample) = 0;
  // Text for the end of the run.
  [[nodiscard]] virtual std::string summary(const RunOutcome& outcome) = 0;
  // Text for the comparison with a baseline (run --compare), after the summary; "" where the format has
  // no place for one (CSV).
  [[nodiscard]] virtual std::string comparison(const Comparison& comparison) = 0;
  // Text that ends the output, after everything else ("" but for OpenMetrics, which writes it all here).
  [[nodiscard]] virtual std::string end() { return {}; }
};

// What the line per second follows (text: a row; JSON Lines: a {"type": "progress"} line): the worker
// whose samples pace it (the reader, unless pipetop is only the writer), and the stream's expected size
// (--size), for the share done and the time left.
struct MeterPace {
  WorkerRole paced_by = WorkerRole::reader;
  std::optional<std::uint64_t> expected_bytes;
};

// `facts`, when given, are the machine's: JSON Lines begins with them ({"type": "machine"}), OpenMetrics
// has them as info metrics; the other formats leave them out. They must outlive the report.
[[nodiscard]] std::unique_ptr<Report> make_report(OutputFormat format, const MachineFacts* facts = nullptr,
                                                  const MeterPace& meter = {});

// The JSON summary object of a run (what `run --format json` ends with), without the newline, for
// embedding in larger documents.
[[nodiscard]] std::string summary_json(const RunOutcome& outcome);

}  // namespace pipetop

#include "pipetop/core/report/report.hpp"

#include "report_formats.hpp"

namespace pipetop {

Result<OutputFormat> parse_output_format(std::string_view text) {
  if (text == "text") return OutputFormat::text;
  if (text == "csv") return OutputFormat::csv;
  if (text == "json") return OutputFormat::json;
  if (text == "openmetrics") return OutputFormat::openmetrics;
  return std::unexpected(
      usage_error("unknown output format '" + std::string(text) + "'", "use --format text, csv, json or openmetrics"));
}

std::string_view to_string(OutputFormat format) {
  switch (format) {
    case OutputFormat::text:
      return "text";
    case OutputFormat::csv:
      return "csv";
    case OutputFormat::json:
      return "json";
    case OutputFormat::openmetrics:
      return "openmetrics";
  }
  return "text";
}

std::string summary_json(const RunOutcome& outcome) {
  std::string summary = make_json_report(nullptr, {})->summary(outcome);
  while (!summary.empty() && summary.back() == '\n') summary.pop_back();
  return summary;
}

std::unique_ptr<Report> make_report(OutputFormat format, const MachineFacts* facts, const MeterPace& meter) {
  switch (format) {
    case OutputFormat::csv:
      return make_csv_report();
    case OutputFormat::json:
      return make_json_report(facts, meter);
    case OutputFormat::openmetrics:
      return make_openmetrics_report(facts);
    case OutputFormat::text:
      break;
  }
  return make_text_report(meter);
}

}  // namespace pipetop

#pragma once
// The OpenMetrics text format, written so that Prometheus' older text format reads it too (what
// node_exporter's textfile collector parses): gauges only — facts are `*_info` gauges of value 1 whose
// labels carry the words —, HELP text without quotes or backslashes, and `# EOF` at the end.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pipetop {

using MetricLabels = std::vector<std::pair<std::string, std::string>>;

class OpenMetricsWriter {
 public:
  // Starts a gauge family; its samples follow, before the next family. `unit` ("bytes", "seconds",
  // "ratio"), when given, is also the end of `name`, as OpenMetrics asks.
  OpenMetricsWriter& gauge(std::string_view name, std::string_view help, std::string_view unit = {});
  // A sample of the family just started: name{labels} value. An absent or non-finite value writes
  // nothing: a missing series, never NaN.
  OpenMetricsWriter& sample(const MetricLabels& labels, std::optional<double> value);
  OpenMetricsWriter& sample(std::optional<double> value) { return sample({}, value); }

  // The text so far, ended by "# EOF".
  [[nodiscard]] std::string finish() const { return out_ + "# EOF\n"; }

 private:
  std::string out_;
  std::string family_;
};

// A label value as OpenMetrics quotes it: backslash, double quote and newline escaped.
[[nodiscard]] std::string metric_label_value(std::string_view text);

}  // namespace pipetop

#include "pipetop/core/report/open_metrics.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace pipetop {
namespace {

// The shortest text that reads back as the same double ("1.5e+09", "3", "0.25").
std::string round_trip_text(double value) {
  std::array<char, 32> buf{};
  const auto end = std::to_chars(buf.data(), buf.data() + buf.size(), value).ptr;
  return {buf.data(), end};
}

}  // namespace

OpenMetricsWriter& OpenMetricsWriter::gauge(std::string_view name, std::string_view help, std::string_view unit) {
  family_ = name;
  out_ += "# HELP " + family_ + " " + std::string(help) + "\n";
  out_ += "# TYPE " + family_ + " gauge\n";
  if (!unit.empty()) out_ += "# UNIT " + family_ + " " + std::string(unit) + "\n";
  return *this;
}

OpenMetricsWriter& OpenMetricsWriter::sample(const MetricLabels& labels, std::optional<double> value) {
  if (!value || !std::isfinite(*value)) return *this;
  out_ += family_;
  if (!labels.empty()) {
    out_ += "{";
    for (std::size_t i = 0; i < labels.size(); ++i) {
      out_ += (i == 0 ? "" : ",") + labels[i].first + "=\"" + metric_label_value(labels[i].second) + "\"";
    }
    out_ += "}";
  }
  out_ += " " + round_trip_text(*value) + "\n";
  return *this;
}

std::string metric_label_value(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace pipetop

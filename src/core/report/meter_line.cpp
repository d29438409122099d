#include "pipetop/core/report/meter_line.hpp"

#include <cmath>
#include <cstdint>

#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/figures/throughput.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/schema_version.hpp"

namespace pipetop {
namespace {

constexpr int kBarCells = 20;

std::string rate_text(std::optional<double> bytes_per_s) {
  if (!bytes_per_s || !std::isfinite(*bytes_per_s) || *bytes_per_s < 0) return "—/s";
  return format_size(static_cast<std::uint64_t>(std::llround(*bytes_per_s))) + "/s";
}

// "[=========>          ]": the share done, full past the expected size.
std::string bar(double fraction) {
  const int done = static_cast<int>(std::lround(std::fmin(std::fmax(fraction, 0.0), 1.0) * kBarCells));
  std::string text = "[";
  for (int i = 0; i < kBarCells; ++i) {
    if (i < done - 1 || (i == done - 1 && done == kBarCells)) {
      text += '=';
    } else {
      text += i == done - 1 ? '>' : ' ';
    }
  }
  return text + "]";
}

std::optional<double> gib(std::optional<double> bytes_per_s) {
  if (!bytes_per_s) return std::nullopt;
  return bytes_to_gib(*bytes_per_s);
}

}  // namespace

std::string clock_text(double seconds) {
  const std::int64_t whole = std::isfinite(seconds) && seconds > 0 ? static_cast<std::int64_t>(seconds) : 0;
  return printf_string("%lld:%02lld:%02lld", static_cast<long long>(whole / 3600),
                       static_cast<long long>(whole / 60 % 60), static_cast<long long>(whole % 60));
}

std::string done_text(const MeterReading& reading) {
  if (!reading.fraction_done) return {};
  std::string text = printf_string("%.0f%%", std::floor(*reading.fraction_done * 100));
  if (reading.eta_s) text += " · ETA " + clock_text(std::ceil(*reading.eta_s));
  return text;
}

std::string meter_line(const MeterReading& reading) {
  std::string line =
      format_size(reading.bytes) + "  " + clock_text(reading.elapsed_s) + "  " + rate_text(reading.bytes_per_s);
  if (!reading.fraction_done) return line + "  mean " + rate_text(reading.mean_bytes_per_s);
  return line + "  " + bar(*reading.fraction_done) + " " + done_text(reading);
}

std::string meter_json(const MeterReading& reading, std::optional<std::size_t> pair) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("progress");
  if (pair) json.key("pair").value(static_cast<std::uint64_t>(*pair));
  json.key("t_s").value(reading.elapsed_s).key("bytes").value(reading.bytes);
  json.key("gib_per_s").value(gib(reading.bytes_per_s)).key("mean_gib_per_s").value(gib(reading.mean_bytes_per_s));
  json.key("percent").value(reading.fraction_done ? std::optional(*reading.fraction_done * 100) : std::nullopt);
  json.key("eta_s").value(reading.eta_s);
  json.end_object();
  return json.str() + "\n";
}

}  // namespace pipetop

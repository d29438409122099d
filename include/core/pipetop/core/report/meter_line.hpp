#pragma once
// How a meter reading (meter.hpp) is printed: the line pv would keep on a terminal, the share done and
// the time left that the text report adds to its line per second, and the JSON line a logger reads.

#include <cstddef>
#include <optional>
#include <string>

#include "pipetop/core/figures/meter.hpp"

namespace pipetop {

// "1:02:03": hours (as many as it takes), minutes, seconds; "0:00:00" for a negative or non-finite value.
[[nodiscard]] std::string clock_text(double seconds);

// "45% · ETA 0:00:04" ("104%" alone past the expected size); "" without an expected size.
[[nodiscard]] std::string done_text(const MeterReading& reading);

// The terminal's line, without a newline: "6.2 GiB  0:00:03  2.1 GiB/s  mean 2.0 GiB/s", or, with an
// expected size, "6.2 GiB  0:00:03  2.1 GiB/s  [=========>          ] 45% · ETA 0:00:04". Rates in
// the unit that suits them (KiB/s to GiB/s); "—/s" before there is one. At most 80 columns.
[[nodiscard]] std::string meter_line(const MeterReading& reading);

// {"schema_version":1,"type":"progress",("pair":N,)"t_s":..,"bytes":..,"gib_per_s":..,"mean_gib_per_s":..,
// "percent":..,"eta_s":..} and a newline; null where a figure is unknown (run.schema.json).
[[nodiscard]] std::string meter_json(const MeterReading& reading, std::optional<std::size_t> pair = std::nullopt);

}  // namespace pipetop

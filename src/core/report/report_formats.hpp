#pragma once
// The Report implementations (private to core; reach them through make_report).

#include <cstddef>
#include <memory>
#include <optional>

#include "pipetop/core/report/report.hpp"

namespace pipetop {

// `pair`, for run --pairs: the pair (from 1) whose run the report tells, named on every line it writes
// ("pair 2" before each text line, a pair column in CSV, a "pair" member in JSON).
using PairTag = std::optional<std::size_t>;

[[nodiscard]] std::unique_ptr<Report> make_text_report(const MeterPace& meter, PairTag pair = {});
[[nodiscard]] std::unique_ptr<Report> make_csv_report(PairTag pair = {});
[[nodiscard]] std::unique_ptr<Report> make_json_report(const MachineFacts* facts, const MeterPace& meter,
                                                       PairTag pair = {});
[[nodiscard]] std::unique_ptr<Report> make_openmetrics_report(const MachineFacts* facts);

}  // namespace pipetop

#pragma once
// The Report implementations (private to core; reach them through make_report).

#include <memory>

#include "pipetop/core/report.hpp"

namespace pipetop {

[[nodiscard]] std::unique_ptr<Report> make_text_report(WorkerRole paced_by);
[[nodiscard]] std::unique_ptr<Report> make_csv_report();
[[nodiscard]] std::unique_ptr<Report> make_json_report(const MachineFacts* facts);
[[nodiscard]] std::unique_ptr<Report> make_openmetrics_report(const MachineFacts* facts);

}  // namespace pipetop

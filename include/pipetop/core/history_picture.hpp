#pragma once
// The chart pictures pipetop exports (chart_picture.hpp draws them): the dashboard's chart from its
// History, and a headless run from its samples, each with its segments' means and markers.

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/core/chart_picture.hpp"
#include "pipetop/core/history.hpp"
#include "pipetop/core/run_outcome.hpp"

namespace pipetop {

// What `history` holds from `t0_ns` to `t1_ns`: its rates, and every segment with its mean (final, or
// the current one's so far). `title` is the configuration in words, `machine` the machine line.
[[nodiscard]] ChartPicture history_picture(const History& history, std::int64_t t0_ns, std::int64_t t1_ns,
                                           std::string title, std::string machine, bool log = false,
                                           std::optional<double> y_max = std::nullopt);

// A run from its first reader sample to its last, as one segment with the run's headline figure,
// titled with its configuration and pipe.
[[nodiscard]] ChartPicture run_picture(const RunOutcome& outcome, std::string machine);

}  // namespace pipetop

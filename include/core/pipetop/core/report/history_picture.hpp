#pragma once
// The chart pictures pipetop exports (chart_picture.hpp draws them): the dashboard's chart from its
// History, and a headless run from its samples, each with its segments' means and markers.

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/report/chart_picture.hpp"
#include "pipetop/core/screen/history.hpp"

namespace pipetop {

// What `history` holds from `t0_ns` to `t1_ns`: its rates, and every segment with its mean (final, or
// the current one's so far). `title` is the configuration in words, `machine` the machine line. The
// stamp's headline is the current segment's mean, its caveat says when the machine disturbed that
// segment; its made part is the caller's (as for run_picture).
[[nodiscard]] ChartPicture history_picture(const History& history, std::int64_t t0_ns, std::int64_t t1_ns,
                                           std::string title, std::string machine, bool log = false,
                                           std::optional<double> y_max = std::nullopt);

// A run from its first reader sample to its last, as one segment with the run's headline figure,
// titled with its configuration and pipe; the stamp's headline is that figure ("9.71 GiB/s
// steady-state mean"), its caveat the interference words when the machine disturbed the run.
[[nodiscard]] ChartPicture run_picture(const RunOutcome& outcome, std::string machine);

}  // namespace pipetop

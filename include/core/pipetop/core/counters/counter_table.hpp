#pragma once
// A perf-stat-like table of both workers' counters side by side, with the derived figures and CPU
// time, for the text summary (and `pipetop check`).

#include <optional>
#include <string>

#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

// Rows: each counter (value, per GiB; or "n/a: reason", marked "user-only" or "scaled 63%" when so),
// then the derived figures and CPU% user/sys. Empty when the run had no counters. With the user's
// program in role `theirs`, its column says so ("writer (theirs)"), and pipetop's ("reader (pipetop)");
// a counter one side lacks reads "—" there.
[[nodiscard]] std::string counter_table(const RunSummary& summary, const RunConfig& config,
                                        std::optional<WorkerRole> theirs = std::nullopt);

}  // namespace pipetop

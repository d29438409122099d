#pragma once
// The search for this machine's fastest pipe: short trials over buffer size (64 KiB … 4 MiB), huge
// pages, busy loop and pinning (the pipe follows the vmsplice rule), then a confirmation run of the
// leaders next to the article's final configuration, all within a time budget.

#include <functional>
#include <string>
#include <vector>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/trial.hpp"
#include "pipetop/core/validate.hpp"

namespace pipetop {

struct TuneResult {
  std::vector<Trial> trials;     // every short trial, in the order run
  std::optional<Trial> best;     // the confirmed winner (the article's own, if it confirms fastest)
  std::optional<Trial> article;  // the article's final configuration, confirmed alongside
  [[nodiscard]] std::optional<double> ratio() const;  // best / article
};

// The article's final configuration: vmsplice → splice, huge pages, busy loop, 256 KiB, from `base`.
[[nodiscard]] RunConfig article_final(const RunConfig& base);

// The candidates, most promising first; those `limits` refuse are left out.
[[nodiscard]] std::vector<RunConfig> tune_candidates(const RunConfig& base, const MachineLimits& limits,
                                                     const CpuPair& separate);

// Called before each trial: what it is ("trial 3/14", "confirm 2/4"), its command line, and the
// budget left.
using TuneProgress = std::function<void(const std::string& step, const RunConfig& config, std::int64_t left_ns)>;

// Spends about 70% of `budget_ns` on short trials and the rest confirming the three leaders and the
// article's final configuration; never starts a trial that would overrun the budget (at least one
// short trial and the confirmation always run).
[[nodiscard]] TuneResult tune(TrialRunner& runner, const std::vector<RunConfig>& candidates, const RunConfig& article,
                              std::int64_t budget_ns, const TuneProgress& progress);

}  // namespace pipetop

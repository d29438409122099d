#pragma once
// Headless output of `pipetop run --pairs N`: every pair's lines as run's own report writes them, each
// naming its pair, then the pairs' total (pairs_aggregate.hpp) beside each pair's — a table in text, an "aggregate" row
// in CSV, a {"type": "pairs"} line in JSON Lines (schemas/run.schema.json), families labelled by pair in OpenMetrics.
// Pure: the caller writes the text out.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/figures/pairs_aggregate.hpp"
#include "pipetop/core/machine/pair_placement.hpp"
#include "pipetop/core/report/report.hpp"

namespace pipetop {

class PairsReport {
 public:
  // `placement`: the pairs as they run, in order (pair 1 first); `asked`: --pairs. `facts` as for
  // make_report; they must outlive the report.
  PairsReport(OutputFormat format, const MachineFacts* facts, PairPlacement placement, int asked);

  // Text before the first sample (the machine line, a CSV header), once.
  [[nodiscard]] std::string header(const std::vector<CounterInfo>& counters);
  // Text for one sample of pair `pair` (from 0), in arrival order per worker (may be empty).
  [[nodiscard]] std::string sample(std::size_t pair, WorkerRole role, const Sample& sample);
  // Everything after the samples: each pair's summary and the total. `outcomes`: one per pair, in order;
  // `total`: the same pairs' aggregate.
  [[nodiscard]] std::string summary(const std::vector<RunOutcome>& outcomes, const PairsAggregate& total);

 private:
  OutputFormat format_;
  const MachineFacts* facts_;
  PairPlacement placement_;
  int asked_;
  std::vector<std::unique_ptr<Report>> reports_;  // one per pair; none for OpenMetrics
  std::size_t counters_ = 0;                      // the CSV's counter columns
};

}  // namespace pipetop

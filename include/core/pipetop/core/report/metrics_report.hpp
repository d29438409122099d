#pragma once
// The metrics that `check --format openmetrics` and `run --format openmetrics` write, for a monitoring
// system to collect (node_exporter's textfile collector): the machine's facts, each measured run's
// throughput, counters and derived figures, and the comparison with a baseline. Every family is a gauge
// (open_metrics.hpp says why); bytes and seconds are in base units, fractions are *_ratio.

#include <optional>
#include <string_view>
#include <vector>

#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/report/open_metrics.hpp"

namespace pipetop {

// pipetop_machine_info{cpu_model, kernel, virtualisation, thp_enabled, thp_defrag, smt, governor} 1,
// pipetop_machine_vulnerability_info{name, status} 1, and the numbers: cpus, cores, threads per core,
// NUMA nodes, cache and page sizes, pipe-max-size, perf_event_paranoid, hardware PMU, hugetlb pages.
void write_machine_metrics(OpenMetricsWriter& metrics, const MachineFacts& facts);

// A measured run and the labels that tell it from the others (check's {rung="..."}; none for run).
struct LabelledRun {
  MetricLabels labels;
  const RunOutcome* outcome = nullptr;
  const RunSummary* summary = nullptr;
};

// For each run, families named `prefix` + "_throughput_bytes_per_second", "_moved_bytes",
// "_elapsed_seconds", "_disturbed", "_syscalls" and "_eagain" {worker}, "_cpu_user_ratio" ... {worker},
// "_counter" {worker, event} (scaled), and one per derived figure ("_ipc", "_cycles_per_kib" ...) {worker}.
void write_run_metrics(OpenMetricsWriter& metrics, std::string_view prefix, const std::vector<LabelledRun>& runs);

// run --pairs: `prefix` + "_pairs" (how many ran at once) and "_pairs_throughput_bytes_per_second" (the
// sum of their figures), and `prefix` + "_pair_info" {pair, writer_cpu, reader_cpu, placement} 1 per pair.
void write_pairs_metrics(OpenMetricsWriter& metrics, std::string_view prefix, std::optional<double> aggregate_gib_per_s,
                         const std::vector<MetricLabels>& pairs);

// `prefix` + "_baseline_ratio" per measurement (labelled `label` = its name, or unlabelled for a run)
// and `prefix` + "_regressed": 1 when one regressed beyond the threshold.
void write_comparison_metrics(OpenMetricsWriter& metrics, std::string_view prefix, const Comparison& comparison,
                              std::optional<std::string_view> label);

}  // namespace pipetop

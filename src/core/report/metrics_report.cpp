#include "pipetop/core/report/metrics_report.hpp"

#include <array>
#include <string>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/counters/derived_figures.hpp"

namespace pipetop {
namespace {

std::optional<double> number(const std::optional<std::uint64_t>& value) {
  return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
}

std::optional<double> number(const std::optional<long>& value) {
  return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
}

std::optional<double> number(const std::optional<int>& value) {
  return value ? std::optional<double>(*value) : std::nullopt;
}

std::optional<double> flag(const std::optional<bool>& value) {
  return value ? std::optional<double>(*value ? 1.0 : 0.0) : std::nullopt;
}

std::optional<double> percent_ratio(const std::optional<double>& percent) {
  return percent ? std::optional<double>(*percent / 100) : std::nullopt;
}

std::optional<double> bytes_per_s(const std::optional<double>& gib_per_s) {
  return gib_per_s ? std::optional<double>(*gib_per_s * static_cast<double>(kGiB)) : std::nullopt;
}

MetricLabels with(MetricLabels labels, std::string name, std::string value) {
  labels.emplace_back(std::move(name), std::move(value));
  return labels;
}

void write_machine_numbers(OpenMetricsWriter& m, const MachineFacts& f) {
  for (const auto& [name, help, value] :
       {std::tuple{"pipetop_machine_cpus", "Online logical CPUs.", f.logical_cpus},
        std::tuple{"pipetop_machine_cores", "Physical cores.", f.physical_cores},
        std::tuple{"pipetop_machine_threads_per_core", "Hardware threads per core (SMT).", f.threads_per_core},
        std::tuple{"pipetop_machine_numa_nodes", "NUMA nodes.", f.numa_nodes}}) {
    m.gauge(name, help).sample(static_cast<double>(value));
  }
  m.gauge("pipetop_machine_cache_bytes", "Cache size per CPU, by level.", "bytes");
  for (const auto& [cache, bytes] : {std::pair{"l1d", f.caches.l1d_bytes}, std::pair{"l1i", f.caches.l1i_bytes},
                                     std::pair{"l2", f.caches.l2_bytes}, std::pair{"l3", f.caches.l3_bytes}}) {
    m.sample({{"cache", cache}}, number(bytes));
  }
  m.gauge("pipetop_machine_page_size_bytes", "The base page size.", "bytes").sample(number(f.page_bytes));
  m.gauge("pipetop_machine_pipe_max_size_bytes", "The largest pipe an unprivileged process may ask for.", "bytes")
      .sample(number(f.pipe_max_bytes));
  m.gauge("pipetop_machine_perf_event_paranoid", "What perf_event_paranoid lets unprivileged processes count.")
      .sample(number(f.perf_paranoid));
  m.gauge("pipetop_machine_hardware_pmu", "1 when the machine exposes a hardware PMU (cycles, TLB misses).")
      .sample(f.hardware_pmu ? 1.0 : 0.0);
  m.gauge("pipetop_machine_hugetlb_pages", "Huge pages reserved in each hugetlb pool, by page size.");
  for (const HugetlbPool& pool : f.hugetlb_pools) {
    m.sample({{"page_size_bytes", std::to_string(pool.page_bytes)}}, number(pool.pages));
  }
  m.gauge("pipetop_machine_vmsplice_works", "1 when vmsplice moved data in a probe, 0 when it failed.")
      .sample(flag(f.vmsplice_works));
  m.gauge("pipetop_machine_splice_works", "1 when splice moved data in a probe, 0 when it failed.")
      .sample(flag(f.splice_works));
}

void write_worker_metrics(OpenMetricsWriter& m, const std::string& prefix, const std::vector<LabelledRun>& runs) {
  using Field = std::optional<double> (*)(const WorkerSummary&);
  const std::array<std::tuple<const char*, const char*, Field>, 5> figures{{
      {"_syscalls", "Transfer calls made (write, read, vmsplice, splice).",
       [](const WorkerSummary& w) -> std::optional<double> { return static_cast<double>(w.syscalls); }},
      {"_eagain", "Calls that returned EAGAIN (busy loop).",
       [](const WorkerSummary& w) -> std::optional<double> { return static_cast<double>(w.eagain); }},
      {"_cpu_user_ratio", "User CPU time over wall time (1 is one CPU).",
       [](const WorkerSummary& w) { return percent_ratio(w.cpu_user_percent); }},
      {"_cpu_system_ratio", "Kernel CPU time over wall time (1 is one CPU).",
       [](const WorkerSummary& w) { return percent_ratio(w.cpu_system_percent); }},
      {"_cpu_wait_ratio", "Share of the wall time spent waiting for a CPU.",
       [](const WorkerSummary& w) { return w.cpu_wait_fraction; }},
  }};
  for (const auto& [suffix, help, field] : figures) {
    m.gauge(prefix + suffix, help, std::string_view(suffix).ends_with("_ratio") ? "ratio" : "");
    for (const LabelledRun& r : runs) {
      m.sample(with(r.labels, "worker", "writer"), field(r.summary->writer));
      m.sample(with(r.labels, "worker", "reader"), field(r.summary->reader));
    }
  }
  m.gauge(prefix + "_counter", "A counter's value over the transfer, scaled when multiplexed.");
  for (const LabelledRun& r : runs) {
    for (const auto& [worker, summary] :
         {std::pair{"writer", &r.summary->writer}, std::pair{"reader", &r.summary->reader}}) {
      for (const CounterSummary& c : summary->counters)
        m.sample(with(with(r.labels, "worker", worker), "event", c.info.name), c.value);
    }
  }
  for (const DerivedField& field : kDerivedFields) {
    m.gauge(prefix + "_" + std::string(field.key), "Derived over the transfer: " + std::string(field.label) + ".");
    for (const LabelledRun& r : runs) {
      m.sample(with(r.labels, "worker", "writer"), r.summary->writer.derived.*field.member);
      m.sample(with(r.labels, "worker", "reader"), r.summary->reader.derived.*field.member);
    }
  }
}

}  // namespace

void write_machine_metrics(OpenMetricsWriter& m, const MachineFacts& f) {
  m.gauge("pipetop_machine_info", "The machine's facts that decide pipe speed, as labels; always 1.");
  m.sample({{"cpu_model", f.cpu_model},
            {"kernel", f.kernel},
            {"virtualisation", f.virtualisation},
            {"thp_enabled", f.thp_enabled},
            {"thp_defrag", f.thp_defrag},
            {"smt", f.smt.control},
            {"governor", f.governor}},
           1.0);
  m.gauge("pipetop_machine_vulnerability_info", "Each CPU vulnerability and its mitigation, as labels; always 1.");
  for (const Vulnerability& v : f.vulnerabilities) m.sample({{"name", v.name}, {"status", v.status}}, 1.0);
  write_machine_numbers(m, f);
}

void write_run_metrics(OpenMetricsWriter& m, std::string_view prefix, const std::vector<LabelledRun>& runs) {
  const std::string p(prefix);
  m.gauge(p + "_throughput_bytes_per_second", "Steady-state mean throughput: first 200 ms (or 10%) dropped.",
          "bytes_per_second");
  for (const LabelledRun& r : runs) m.sample(r.labels, bytes_per_s(r.summary->throughput.gib_per_s));
  m.gauge(p + "_throughput_median_bytes_per_second", "Median of the per-interval rates in the steady state.",
          "bytes_per_second");
  for (const LabelledRun& r : runs) m.sample(r.labels, bytes_per_s(r.summary->throughput.gib_per_s_median));
  m.gauge(p + "_moved_bytes", "Bytes that went through the pipe.", "bytes");
  for (const LabelledRun& r : runs) m.sample(r.labels, static_cast<double>(r.summary->reader.bytes));
  m.gauge(p + "_elapsed_seconds", "Time from the first sample to the last.", "seconds");
  for (const LabelledRun& r : runs) m.sample(r.labels, r.summary->throughput.elapsed_s);
  m.gauge(p + "_disturbed", "1 when something else competed for the workers' CPUs: the figure is low.");
  for (const LabelledRun& r : runs) m.sample(r.labels, r.summary->disturbed() ? 1.0 : 0.0);
  m.gauge(p + "_huge_pages_verified", "1 when huge pages were asked for and every buffer had them, else 0.");
  for (const LabelledRun& r : runs) {
    if (r.outcome->segment.huge_pages().requested)
      m.sample(r.labels, r.outcome->segment.huge_pages().verified ? 1.0 : 0.0);
  }
  write_worker_metrics(m, p, runs);
}

void write_pairs_metrics(OpenMetricsWriter& m, std::string_view prefix, std::optional<double> aggregate_gib_per_s,
                         const std::vector<MetricLabels>& pairs) {
  const std::string p(prefix);
  m.gauge(p + "_pairs", "Writer/reader pairs that ran at once, each on its own pipe.")
      .sample(static_cast<double>(pairs.size()));
  m.gauge(p + "_pairs_throughput_bytes_per_second", "The sum of the pairs' steady-state means.", "bytes_per_second")
      .sample(bytes_per_s(aggregate_gib_per_s));
  m.gauge(p + "_pair_info", "Where each pair ran, as labels; always 1.");
  for (const MetricLabels& labels : pairs) m.sample(labels, 1.0);
}

void write_comparison_metrics(OpenMetricsWriter& m, std::string_view prefix, const Comparison& c,
                              std::optional<std::string_view> label) {
  const std::string p(prefix);
  m.gauge(p + "_baseline_ratio", "Throughput here over the baseline's.", "ratio");
  for (const MeasurementComparison& row : c.measurements) {
    m.sample(label ? MetricLabels{{std::string(*label), row.name}} : MetricLabels{}, row.ratio);
  }
  m.gauge(p + "_regressed", "1 when a figure regressed beyond the threshold and the noise.")
      .sample(c.regressions().empty() ? 0.0 : 1.0);
}

}  // namespace pipetop

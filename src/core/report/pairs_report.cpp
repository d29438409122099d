#include "pipetop/core/report/pairs_report.hpp"

#include <algorithm>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/metrics_report.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/screen/text_cells.hpp"
#include "report_formats.hpp"

namespace pipetop {
namespace {

// A row per pair under the aggregate: pair, CPUs, placement, GiB/s, bytes moved, how it ended.
std::string pairs_text(const PairPlacement& placement, int asked, const std::vector<RunOutcome>& outcomes,
                       const PairsAggregate& total) {
  std::string text = "\n" + std::to_string(outcomes.size()) + (outcomes.size() == 1 ? " pair" : " pairs") +
                     " at once (--pairs " + std::to_string(asked) +
                     "), each on its own pipe: " + describe_config(outcomes.front().config()) + "\n";
  text += "  aggregate    " + format_fixed(total.total().throughput().gib_per_s(), 2) + " GiB/s (" +
          std::string(kPairsTotalDefinition) + ")\n";
  text += "  " + pad_right("pair", 6) + pad_right("cpu", 12) + pad_right("placement", 16) + pad_left("GiB/s", 8) +
          pad_left("moved", 12) + "  ended\n";
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const RunOutcome& o = outcomes[i];
    const RunSummary s = summarize(o);
    text += "  " + pad_right(std::to_string(i + 1), 6) + pad_right(cpus_words(placement.pairs[i].cpus), 12) +
            pad_right(to_string(placement.pairs[i].kind), 16) + pad_left(format_fixed(s.throughput.gib_per_s, 2), 8) +
            pad_left(format_size(s.reader.bytes), 12) + "  " + std::string(to_string(o.end)) +
            (o.failure.empty() ? "" : ": " + o.failure) + "\n";
  }
  if (!placement.note.empty()) text += "  note         " + placement.note + "\n";
  return text;
}

// {"schema_version", "type": "pairs", "asked", "placed", "note", "gib_per_s", "pairs": [{"pair", "writer_cpu",
// "reader_cpu", "placement", "gib_per_s", "bytes", "end"}]}
std::string pairs_json(const PairPlacement& placement, int asked, const std::vector<RunOutcome>& outcomes,
                       const PairsAggregate& total) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("pairs");
  json.key("asked").value(asked).key("placed").value(static_cast<std::uint64_t>(outcomes.size()));
  json.key("note").value(placement.note).key("gib_per_s").value(total.total().throughput().gib_per_s());
  json.key("pairs").begin_array();
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const RunSummary s = summarize(outcomes[i]);
    const PlacedPair& p = placement.pairs[i];
    json.begin_object().key("pair").value(static_cast<std::uint64_t>(i + 1));
    json.key("writer_cpu").value(p.cpus.writer).key("reader_cpu").value(p.cpus.reader);
    json.key("placement").value(to_string(p.kind)).key("gib_per_s").value(s.throughput.gib_per_s);
    json.key("bytes").value(s.reader.bytes).key("end").value(to_string(outcomes[i].end));
    json.end_object();
  }
  json.end_array().end_object();
  return json.str() + "\n";
}

// "aggregate,all,both,<elapsed>,<bytes>,<syscalls>,<eagain>,<gib_per_s>" and the empty counter columns:
// the pairs' total (pairs_aggregate.hpp).
std::string pairs_csv(const PairsAggregate& total, std::size_t counters) {
  const RunSummary s = total.total().summary();
  return printf_string("aggregate,all,both,%.6f,%llu,%llu,%llu,", s.throughput.elapsed_s,
                       static_cast<unsigned long long>(s.throughput.bytes),
                       static_cast<unsigned long long>(s.writer.syscalls + s.reader.syscalls),
                       static_cast<unsigned long long>(s.writer.eagain + s.reader.eagain)) +
         (s.throughput.gib_per_s ? printf_string("%.6f", *s.throughput.gib_per_s) : std::string()) +
         std::string(counters, ',') + "\n";
}

std::string pairs_metrics(const MachineFacts* facts, const PairPlacement& placement,
                          const std::vector<RunOutcome>& outcomes, const PairsAggregate& total) {
  OpenMetricsWriter metrics;
  if (facts != nullptr) write_machine_metrics(metrics, *facts);
  std::vector<MetricLabels> where;
  std::vector<RunSummary> summaries;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const PlacedPair& p = placement.pairs[i];
    where.push_back({{"pair", std::to_string(i + 1)},
                     {"writer_cpu", std::to_string(p.cpus.writer)},
                     {"reader_cpu", std::to_string(p.cpus.reader)},
                     {"placement", to_string(p.kind)}});
    summaries.push_back(summarize(outcomes[i]));
  }
  write_pairs_metrics(metrics, "pipetop_run", total.total().throughput().gib_per_s(), where);
  std::vector<LabelledRun> runs;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    runs.push_back({{{"pair", std::to_string(i + 1)}}, &outcomes[i], &summaries[i]});
  }
  write_run_metrics(metrics, "pipetop_run", runs);
  return metrics.finish();
}

}  // namespace

PairsReport::PairsReport(OutputFormat format, const MachineFacts* facts, PairPlacement placement, int asked)
    : format_(format), facts_(facts), placement_(std::move(placement)), asked_(asked) {
  for (std::size_t i = 0; i < placement_.pairs.size(); ++i) {
    const PairTag pair = i + 1;
    switch (format) {
      case OutputFormat::text:
        reports_.push_back(make_text_report({}, pair));
        break;
      case OutputFormat::csv:
        reports_.push_back(make_csv_report(pair));
        break;
      case OutputFormat::json:
        reports_.push_back(make_json_report(i == 0 ? facts : nullptr, {}, pair));  // the machine line once
        break;
      case OutputFormat::openmetrics:
        break;  // the figures at the end only
    }
  }
}

std::string PairsReport::header(const std::vector<CounterInfo>& counters) {
  counters_ = counters.size();
  std::string text;
  for (const std::unique_ptr<Report>& report : reports_) {
    const std::string own = report->header(counters);
    if (text.empty()) text = own;  // one CSV header, one machine line
  }
  return text;
}

std::string PairsReport::sample(std::size_t pair, WorkerRole role, const Sample& sample) {
  return pair < reports_.size() ? reports_[pair]->sample(role, sample) : std::string();
}

std::string PairsReport::summary(const std::vector<RunOutcome>& outcomes, const PairsAggregate& total) {
  if (format_ == OutputFormat::openmetrics) return pairs_metrics(facts_, placement_, outcomes, total);
  if (format_ == OutputFormat::text) return pairs_text(placement_, asked_, outcomes, total);
  std::string text;
  for (std::size_t i = 0; i < outcomes.size() && i < reports_.size(); ++i) text += reports_[i]->summary(outcomes[i]);
  if (format_ == OutputFormat::json) return text + pairs_json(placement_, asked_, outcomes, total);
  return text + pairs_csv(total, counters_);
}

}  // namespace pipetop

// CSV report: one row per sample of either worker, then one summary row, all under one header. After
// the fixed columns, one column per counter: its cumulative value, scaled when multiplexed (empty
// when unavailable or not yet run).

#include <array>
#include <cstdio>

#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/figures/sample_timeline.hpp"
#include "report_formats.hpp"

namespace pipetop {
namespace {

std::string number(double value) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.6f", value);
  return buf.data();
}

std::string optional_number(std::optional<double> value) {
  return value ? number(*value) : std::string();
}

class CsvReport final : public Report {
 public:
  explicit CsvReport(PairTag pair) : pair_(pair ? std::to_string(*pair) + "," : std::string()) {}

  std::string header(const std::vector<CounterInfo>& counters) override {
    std::string line =
        std::string(pair_.empty() ? "type," : "type,pair,") + "worker,t_s,bytes,syscalls,eagain,gib_per_s";
    for (const CounterInfo& c : counters) line += "," + c.name;
    counters_ = counters;
    return line + "\n";
  }

  std::string sample(WorkerRole role, const Sample& s) override {
    const SampleTimeline::Point point = timeline_.add(role, s);
    std::string line = "sample," + pair_ + std::string(to_string(role)) + "," + number(point.t_s) + "," +
                       std::to_string(s.bytes) + "," + std::to_string(s.syscalls) + "," + std::to_string(s.eagain) +
                       "," + optional_number(point.gib_per_s);
    for (std::size_t i = 0; i < counters_.size(); ++i) {
      const bool counted = counters_[i].state != CounterState::unavailable && i < s.counter_count;
      line += "," + (counted ? optional_number(scaled_delta(CounterReading{}, s.counters[i])) : std::string());
    }
    return line + "\n";
  }

  // The summary row: elapsed time, bytes through the pipe, syscalls and EAGAINs of both workers,
  // and the steady-state mean rate (counter columns are per worker: see the JSON summary).
  std::string summary(const RunOutcome& o) override {
    const RunSummary s = summarize(o);
    return "summary," + pair_ + "both," + number(s.throughput.elapsed_s) + "," + std::to_string(s.reader.bytes) + "," +
           std::to_string(s.writer.syscalls + s.reader.syscalls) + "," +
           std::to_string(s.writer.eagain + s.reader.eagain) + "," + optional_number(s.throughput.gib_per_s) +
           std::string(counters_.size(), ',') + "\n";
  }

  // CSV has no row shape for a comparison: the command line refuses --compare with it.
  std::string comparison(const Comparison& /*comparison*/) override { return {}; }

 private:
  std::string pair_;  // "2," in the pair column, for run --pairs
  SampleTimeline timeline_;
  std::vector<CounterInfo> counters_;
};

}  // namespace

std::unique_ptr<Report> make_csv_report(PairTag pair) {
  return std::make_unique<CsvReport>(pair);
}

}  // namespace pipetop

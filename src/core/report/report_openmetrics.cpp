// OpenMetrics report: nothing per sample (a monitoring system collects the result, not the stream);
// at the end the machine's facts, the run's figures and the comparison with a baseline, then "# EOF".

#include <optional>

#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/report/metrics_report.hpp"
#include "report_formats.hpp"

namespace pipetop {
namespace {

class OpenMetricsReport final : public Report {
 public:
  explicit OpenMetricsReport(const MachineFacts* facts) : facts_(facts) {}

  std::string header(const std::vector<CounterInfo>& /*counters*/) override { return {}; }
  std::string sample(WorkerRole /*role*/, const Sample& /*sample*/) override { return {}; }

  std::string summary(const RunOutcome& o) override {
    outcome_ = o;
    summary_ = summarize(o);
    return {};
  }

  std::string comparison(const Comparison& c) override {
    comparison_ = c;
    return {};
  }

  std::string end() override {
    OpenMetricsWriter metrics;
    if (facts_ != nullptr) write_machine_metrics(metrics, *facts_);
    if (outcome_) {
      const RunConfig& c = outcome_->config();
      metrics.gauge("pipetop_run_info", "The run's configuration, as labels; always 1.");
      metrics.sample({{"writer", std::string(to_string(c.writer))},
                      {"reader", std::string(to_string(c.reader))},
                      {"end", std::string(to_string(outcome_->end))},
                      {"command", run_command_line(c)}},
                     1.0);
      metrics.gauge("pipetop_run_failed", "1 when a worker failed or nothing moved.")
          .sample(outcome_->end == EndReason::worker_failed || summary_.reader.bytes == 0 ? 1.0 : 0.0);
      write_run_metrics(metrics, "pipetop_run", {{{}, &*outcome_, &summary_}});
    }
    if (comparison_) write_comparison_metrics(metrics, "pipetop_run", *comparison_, std::nullopt);
    return metrics.finish();
  }

 private:
  const MachineFacts* facts_;
  std::optional<RunOutcome> outcome_;
  RunSummary summary_;
  std::optional<Comparison> comparison_;
};

}  // namespace

std::unique_ptr<Report> make_openmetrics_report(const MachineFacts* facts) {
  return std::make_unique<OpenMetricsReport>(facts);
}

}  // namespace pipetop

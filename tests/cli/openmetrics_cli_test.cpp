// Issue 12 §4 from the real binary: `--format openmetrics` read by python3-prometheus-client's
// OpenMetrics parser and by its Prometheus text parser (node_exporter's textfile collector), with the
// figures a monitoring system needs present and labelled.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

struct MetricSample {
  std::map<std::string, std::string> labels;
  double value = 0;
};

// Every sample the parsers read from `text`, by metric name; fails the test when they refuse it.
std::map<std::string, std::vector<MetricSample>> parsed(const std::string& text) {
  const testing::TempDir dir;
  testing::write_file(dir.path() / "metrics", text);
  const testing::Ran ran = testing::run_program(
      "/usr/bin/python3", {PIPETOP_SOURCE_DIR "/tests/scripts/parse_openmetrics.py", (dir.path() / "metrics").string()},
      30s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  std::map<std::string, std::vector<MetricSample>> out;
  std::size_t start = 0;
  for (std::size_t end; (end = ran.out.find('\n', start)) != std::string::npos; start = end + 1) {
    const std::optional<nlohmann::json> line = test_json::parse(ran.out.substr(start, end - start));
    if (!line) {
      ADD_FAILURE() << ran.out.substr(start, end - start);
      continue;
    }
    MetricSample s;
    for (const auto& [name, value] : line->at("labels").items()) s.labels[name] = value.get<std::string>();
    s.value = line->at("value").get<double>();
    out[line->at("name").get<std::string>()].push_back(s);
  }
  return out;
}

TEST(OpenMetricsCli, RunMetricsParse) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.5s", "--format", "openmetrics"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(ran.out.ends_with("# EOF\n"));
  const auto metrics = parsed(ran.out);
  ASSERT_EQ(metrics.count("pipetop_run_throughput_bytes_per_second"), 1u) << ran.out;
  EXPECT_GT(metrics.at("pipetop_run_throughput_bytes_per_second").at(0).value, 0);
  ASSERT_EQ(metrics.count("pipetop_run_moved_bytes"), 1u);
  EXPECT_GT(metrics.at("pipetop_run_moved_bytes").at(0).value, 0);
  ASSERT_EQ(metrics.count("pipetop_machine_info"), 1u);
  EXPECT_FALSE(metrics.at("pipetop_machine_info").at(0).labels.at("kernel").empty());
  ASSERT_EQ(metrics.count("pipetop_machine_cpus"), 1u);
  EXPECT_GE(metrics.at("pipetop_machine_cpus").at(0).value, 1);
  ASSERT_EQ(metrics.count("pipetop_run_syscalls"), 1u);
  EXPECT_EQ(metrics.at("pipetop_run_syscalls").size(), 2u) << "one per worker";
  ASSERT_EQ(metrics.count("pipetop_run_counter"), 1u);
  EXPECT_EQ(metrics.at("pipetop_run_failed").at(0).value, 0);
}

TEST(OpenMetricsCli, CheckMetricsHaveEveryRung) {
  const testing::Ran ran = testing::run_binary({"check", "--seconds", "0.1s", "--tune-budget", "1s", "--rounds-budget",
                                                "2s", "--round", "50ms", "-q", "--format", "openmetrics"},
                                               120s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const auto metrics = parsed(ran.out);
  ASSERT_EQ(metrics.count("pipetop_check_rung_throughput_bytes_per_second"), 1u) << ran.out;
  std::vector<std::string> rungs;
  for (const MetricSample& s : metrics.at("pipetop_check_rung_throughput_bytes_per_second")) {
    rungs.push_back(s.labels.at("rung"));
  }
  ASSERT_GE(rungs.size(), 6u);
  EXPECT_EQ(rungs.front(), "write/read");
  ASSERT_EQ(metrics.count("pipetop_check_rung_speedup_ratio"), 1u);
  EXPECT_DOUBLE_EQ(metrics.at("pipetop_check_rung_speedup_ratio").at(0).value, 1.0) << "the first rung against itself";
  EXPECT_EQ(metrics.count("pipetop_machine_info"), 1u);
}

}  // namespace
}  // namespace pipetop

// Issue 12 §2: run --pairs N reports every pair and their aggregate in each format, from outcomes
// made here (two pairs at 2 and 3 GiB/s).

#include "pipetop/core/report/pairs_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fake_run.hpp"
#include "pipetop/core/base/size.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

constexpr std::int64_t kT0 = 10'000'000'000;
constexpr std::int64_t kStepNs = 100'000'000;

// 3 s at `gib_per_s`, a sample every 100 ms from each worker, pinned on `cpus`.
FakeRun pair_at(double gib_per_s, CpuPair cpus) {
  FakeRun o;
  o.config.writer_cpu = cpus.writer;
  o.config.reader_cpu = cpus.reader;
  o.pipe_bytes = 64 * kKiB;
  const auto step = static_cast<std::uint64_t>(gib_per_s * static_cast<double>(kGiB) / 10);
  for (std::uint64_t i = 0; i <= 30; ++i) {
    const std::int64_t t = kT0 + static_cast<std::int64_t>(i) * kStepNs;
    o.writer.push_back(Sample{t, i * step, i, 0});
    o.reader.push_back(Sample{t + 1000, i * step, i, 0});
  }
  o.rest.end = EndReason::duration;
  return o;
}

PairPlacement two_pairs() {
  return {{{{0, 1}, PairKind::separate_cores}, {{2, 3}, PairKind::smt_siblings}}, ""};
}

const std::vector<FakeRun> kRuns{pair_at(2, {0, 1}), pair_at(3, {2, 3})};

std::vector<RunOutcome> outcomes() {
  std::vector<RunOutcome> out;
  for (const FakeRun& run : kRuns) out.push_back(run.outcome());
  return out;
}

// The pairs' total as the driver builds it: each pair's start, then its samples as they came.
PairsAggregate total_of(const std::vector<FakeRun>& runs) {
  PairsAggregate total(runs.size(), false);
  for (std::size_t pair = 0; pair < runs.size(); ++pair) total.start(pair, runs[pair].outcome().segment.start());
  for (std::size_t i = 0; i < runs.front().reader.size(); ++i) {
    for (std::size_t pair = 0; pair < runs.size(); ++pair) {
      total.add(pair, WorkerSample{WorkerRole::writer, runs[pair].writer[i]});
      total.add(pair, WorkerSample{WorkerRole::reader, runs[pair].reader[i]});
    }
  }
  return total;
}

// The whole output of `format`: header, every sample of each pair in turn, the summary.
std::string report_all(OutputFormat format, const MachineFacts* facts = nullptr) {
  PairsReport report(format, facts, two_pairs(), 2);
  std::string text = report.header({});
  for (std::size_t pair = 0; pair < kRuns.size(); ++pair) {
    for (std::size_t i = 0; i < kRuns[pair].reader.size(); ++i) {
      text += report.sample(pair, WorkerRole::writer, kRuns[pair].writer[i]);
      text += report.sample(pair, WorkerRole::reader, kRuns[pair].reader[i]);
    }
  }
  return text + report.summary(outcomes(), total_of(kRuns));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

TEST(PairsReport, TheTotalIsThePairsSamplesSummed) {
  const PairsAggregate total = total_of(kRuns);
  ASSERT_TRUE(total.total().throughput().gib_per_s());
  EXPECT_NEAR(*total.total().throughput().gib_per_s(), 5.0, 0.01);
  EXPECT_EQ(total.pairs(), 2U);
}

TEST(PairsReport, JsonLinesNameTheirPairAndEndWithTheAggregate) {
  const MachineFacts facts;
  const std::vector<std::string> lines = lines_of(report_all(OutputFormat::json, &facts));
  int machines = 0;
  int summaries = 0;
  std::vector<int> samples(3, 0);
  for (const std::string& line : lines) {
    const std::optional<nlohmann::json> doc = test_json::parse(line);
    ASSERT_TRUE(doc) << line;
    const std::string type = doc->at("type").get<std::string>();
    if (type == "machine") ++machines;
    if (type == "sample") ++samples.at(doc->at("pair").get<std::size_t>());
    if (type == "summary") {
      ++summaries;
      EXPECT_NEAR(doc->at("gib_per_s").get<double>(), doc->at("pair").get<double>() + 1, 0.01) << line;
    }
  }
  EXPECT_EQ(machines, 1);
  EXPECT_EQ(summaries, 2);
  EXPECT_EQ(samples[1], 62);
  EXPECT_EQ(samples[2], 62);
  const std::optional<nlohmann::json> last = test_json::parse(lines.back());
  ASSERT_TRUE(last);
  EXPECT_EQ(last->at("type"), "pairs");
  EXPECT_EQ(last->at("asked"), 2);
  EXPECT_EQ(last->at("placed"), 2);
  EXPECT_NEAR(last->at("gib_per_s").get<double>(), 5.0, 0.01);
  ASSERT_EQ(last->at("pairs").size(), 2u);
  EXPECT_EQ(last->at("pairs")[1].at("writer_cpu"), 2);
  EXPECT_EQ(last->at("pairs")[1].at("reader_cpu"), 3);
  EXPECT_EQ(last->at("pairs")[1].at("placement"), "smt_siblings");
  EXPECT_NEAR(last->at("pairs")[1].at("gib_per_s").get<double>(), 3.0, 0.01);
}

TEST(PairsReport, CsvHasAPairColumnAndAnAggregateRow) {
  const std::vector<std::string> lines = lines_of(report_all(OutputFormat::csv));
  EXPECT_EQ(lines.front(), "type,pair,worker,t_s,bytes,syscalls,eagain,gib_per_s");
  EXPECT_EQ(lines[1].rfind("sample,1,writer,", 0), 0u) << lines[1];
  EXPECT_EQ(lines.at(lines.size() - 3).rfind("summary,1,both,", 0), 0u) << lines.at(lines.size() - 3);
  EXPECT_EQ(lines.at(lines.size() - 2).rfind("summary,2,both,", 0), 0u) << lines.at(lines.size() - 2);
  EXPECT_EQ(lines.back().rfind("aggregate,all,both,", 0), 0u) << lines.back();
  EXPECT_NE(lines.back().find(",5.0"), std::string::npos) << lines.back();
}

TEST(PairsReport, TextShowsTheAggregateAndARowPerPair) {
  const std::string text = report_all(OutputFormat::text);
  EXPECT_NE(text.find("pair 1    1.00s"), std::string::npos) << text;
  EXPECT_NE(text.find("pair 2    1.00s"), std::string::npos) << text;
  EXPECT_NE(text.find("2 pairs at once (--pairs 2)"), std::string::npos) << text;
  EXPECT_NE(text.find("  aggregate    5.00 GiB/s"), std::string::npos) << text;
  EXPECT_NE(text.find("  1     0→1         separate_cores      2.00"), std::string::npos) << text;
  EXPECT_NE(text.find("  2     2→3         smt_siblings        3.00"), std::string::npos) << text;
}

TEST(PairsReport, OpenMetricsLabelEachPair) {
  const std::string text = report_all(OutputFormat::openmetrics);
  EXPECT_NE(text.find("pipetop_run_pairs 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("pipetop_run_pairs_throughput_bytes_per_second 53687091"), std::string::npos) << text;
  EXPECT_NE(
      text.find("pipetop_run_pair_info{pair=\"2\",writer_cpu=\"2\",reader_cpu=\"3\",placement=\"smt_siblings\"} 1"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("pipetop_run_throughput_bytes_per_second{pair=\"1\"} 21474836"), std::string::npos) << text;
  EXPECT_EQ(text.substr(text.size() - 6), "# EOF\n");
}

}  // namespace
}  // namespace pipetop

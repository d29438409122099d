// Issue 12 §3: what a comparison reads back from a document pipetop wrote — a check document, a run's
// JSON Lines, an export — and the clear usage error for anything else.

#include "pipetop/core/report/measured_results.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pipetop {
namespace {

const char* kCheck = R"({"schema_version":1,"type":"check",
  "facts":{"kernel":"6.1","thp":{"enabled":"madvise"},"pressure":{"cpu":{"some":{"avg10":3}}},
           "hugetlb":{"pools":[{"page_size_bytes":2097152,"pages":4,"free_pages":4}]},
           "default_pinning":{"reason":"two cores"},"vulnerabilities":{"mds":"Not affected"},
           "bandwidth":{"cpu":0,"each_s":0.1,"figures":[{"loop":"memcpy","bytes":262144,"gib_per_s":14.2}]}},
  "rung_seconds":2,"repeat":3,"pinning":{"writer_cpu":0,"reader_cpu":1},
  "ladder":[{"rung":"write/read","gib_per_s":4.5,"gib_per_s_runs":[4.4,4.5,4.6],"disturbed":false,
             "command":"pipetop run"},
            {"rung":"vmsplice/read","gib_per_s":null,"gib_per_s_runs":[],"error":"EPERM","command":"x"}]})";

TEST(ReadCheckResults, RungsFactsAndSettings) {
  const Result<MeasuredResults> r = read_check_results(kCheck);
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->type, "check");
  ASSERT_EQ(r->measurements.size(), 2u);
  EXPECT_EQ(r->measurements[0].name, "write/read");
  EXPECT_EQ(r->measurements[0].gib_per_s, 4.5);
  EXPECT_EQ(r->measurements[0].runs_gib_per_s, (std::vector<double>{4.4, 4.5, 4.6}));
  EXPECT_FALSE(r->measurements[1].gib_per_s.has_value());
  EXPECT_EQ(r->measurements[1].error, "EPERM");
  EXPECT_EQ(r->facts.at("kernel"), "6.1");
  EXPECT_EQ(r->facts.at("thp.enabled"), "madvise");
  EXPECT_EQ(r->facts.at("vulnerabilities.mds"), "Not affected");
  EXPECT_EQ(r->facts.at("hugetlb.pools.2097152.pages"), "4");
  // What changes by the second, or is prose, is no difference between machines.
  EXPECT_EQ(r->facts.count("pressure.cpu.some.avg10"), 0u);
  EXPECT_EQ(r->facts.count("hugetlb.pools.2097152.free_pages"), 0u);
  EXPECT_EQ(r->facts.count("default_pinning.reason"), 0u);
  for (const auto& [name, value] : r->facts) EXPECT_FALSE(name.starts_with("bandwidth")) << name << " moves by the run";
  EXPECT_EQ(r->settings.at("repeat"), "3");
  EXPECT_EQ(r->settings.at("pinning.writer_cpu"), "0");
}

void expect_usage_error(const Result<MeasuredResults>& r, const std::string& words) {
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ExitCode::usage);
  EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().message;
}

TEST(ReadCheckResults, RefusesWhatIsNoCheckDocument) {
  expect_usage_error(read_check_results(""), "not valid JSON");
  expect_usage_error(read_check_results("{\"schema_version\":1,\"type\":\"check\""), "not valid JSON");
  expect_usage_error(read_check_results("[1,2]"), "not a JSON object");
  expect_usage_error(read_check_results(R"({"schema_version":1,"type":"tune"})"), "`tune` document");
  expect_usage_error(read_check_results(R"({"schema_version":2,"type":"check"})"), "newer pipetop");
  expect_usage_error(read_check_results(R"({"ladder":[]})"), "without a type");
}

TEST(ReadRunResults, TheSummaryLineAndTheMachineLine) {
  const std::string lines =
      R"({"schema_version":1,"type":"machine","facts":{"kernel":"6.1"}})"
      "\n"
      R"({"schema_version":1,"type":"sample","worker":"writer","bytes":0})"
      "\n"
      R"({"schema_version":1,"type":"summary","gib_per_s":3.5,"gib_per_s_windows":[3.4,3.5,3.6],"bytes":100,)"
      R"("disturbed":true,"config":{"buffer-size":262144},"command":"pipetop run"})"
      "\n";
  const Result<MeasuredResults> r = read_run_results(lines);
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->type, "run");
  ASSERT_EQ(r->measurements.size(), 1u);
  EXPECT_EQ(r->measurements[0].gib_per_s, 3.5);
  EXPECT_EQ(r->measurements[0].runs_gib_per_s.size(), 3u);
  EXPECT_TRUE(r->measurements[0].disturbed);
  EXPECT_EQ(r->facts.at("kernel"), "6.1");
  EXPECT_EQ(r->settings.at("config.buffer-size"), "262144");
}

TEST(ReadRunResults, ARunThatMovedNothingHasNoFigure) {
  const Result<MeasuredResults> r =
      read_run_results(R"({"schema_version":1,"type":"summary","gib_per_s":0,"bytes":0})");
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->measurements[0].gib_per_s.has_value());
  EXPECT_EQ(r->measurements[0].error, "no data moved through the pipe");
}

TEST(ReadRunResults, AnExportOfOneRun) {
  const Result<MeasuredResults> r =
      read_run_results(R"({"schema_version":1,"type":"export","facts":{"kernel":"6.1"},"machine":[],)"
                       R"("results":[{"type":"summary","gib_per_s":2,"bytes":5}]})");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->measurements[0].gib_per_s, 2.0);
  EXPECT_EQ(r->facts.at("kernel"), "6.1");
}

TEST(ReadRunResults, RefusesWhatIsNoRunOutput) {
  expect_usage_error(read_run_results(R"({"schema_version":1,"type":"sample"})"), "no summary line");
  expect_usage_error(read_run_results(R"({"schema_version":1,"type":"check"})"), "`check` document");
  expect_usage_error(read_run_results("{\"type\":\"summary\"}\nnot json\n"), "line 2: not valid JSON");
  expect_usage_error(read_run_results(R"({"schema_version":1,"type":"export","results":[]})"), "exactly one");
}

}  // namespace
}  // namespace pipetop

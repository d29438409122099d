// Counters in summarize() and in the CSV, JSON Lines and text reports.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fake_run.hpp"
#include "no_nan_or_inf.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/report/report.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

constexpr std::int64_t kT0 = 90'000'000'000;  // an arbitrary CLOCK_MONOTONIC instant
constexpr std::int64_t kMs = 1'000'000;
constexpr std::uint64_t kStepNs = 100 * kMs;
constexpr std::uint64_t kBaseNs = 10 * kMs;  // counters were enabled 10 ms before the first sample
constexpr std::size_t kSamples = 11;         // 0 .. 1 s
const std::string kNoPmu = "no hardware PMU (virtual machines often expose none)";
const std::string kParanoia = "perf_event_paranoid=2 forbids counting the kernel; run as root or set it to 1";

enum Index : std::size_t { kCycles, kInstructions, kDtlb, kPageFaults, kTaskClock, kCount };

std::vector<CounterInfo> layout() {
  return {
      {"cycles", CounterState::counting, ""},
      {"instructions", CounterState::counting, ""},
      {"dTLB-load-misses", CounterState::unavailable, kNoPmu, CounterProblem::no_pmu},
      {"page-faults", CounterState::user_only, kParanoia, CounterProblem::not_permitted},
      {"task-clock", CounterState::counting, ""},
  };
}

// How one counter advances per 100 ms step: `per_step` counted while on a counter for
// `percent_running` % of the enabled time.
struct CounterRate {
  std::uint64_t per_step = 0;
  std::uint64_t percent_running = 100;
};

// kSamples samples 100 ms apart from `start`, `bytes_per_step` moved per step, counters per `rates`.
std::vector<Sample> worker_samples(std::int64_t start, std::uint64_t bytes_per_step,
                                   const std::vector<CounterRate>& rates) {
  std::vector<Sample> out;
  for (std::size_t i = 0; i < kSamples; ++i) {
    const std::uint64_t n = i;
    Sample s;
    s.t_ns = start + static_cast<std::int64_t>(n * kStepNs);
    s.bytes = n * bytes_per_step;
    s.syscalls = n * 4;
    s.eagain = n;
    s.counter_count = static_cast<std::uint32_t>(rates.size());
    for (std::size_t j = 0; j < rates.size(); ++j) {
      const std::uint64_t enabled = kBaseNs + n * kStepNs;
      s.counters[j] = CounterReading{n * rates[j].per_step, enabled, enabled * rates[j].percent_running / 100};
    }
    out.push_back(s);
  }
  return out;
}

// Writer: 1.25 GiB in 1 s (128 MiB per step); cycles multiplexed (on a counter 63% of the time: 63 M counted per step
// stand for 100 M), 150 M instructions per step, 3 page faults per step, 80 ms task-clock per step (0.8 CPU). Reader:
// the same bytes a millisecond later; 200 M cycles, 100 M instructions, 90 ms task-clock.
FakeRun counted_outcome() {
  FakeRun o;
  o.config.interval_ns = 100 * kMs;
  o.pipe_bytes = 64 * kKiB;
  o.writer =
      worker_samples(kT0, 128 * kMiB, {{63'000'000, 63}, {150'000'000, 100}, {0, 100}, {3, 100}, {80 * kMs, 100}});
  o.reader = worker_samples(kT0 + kMs, 128 * kMiB,
                            {{200'000'000, 100}, {100'000'000, 100}, {0, 100}, {5, 100}, {90 * kMs, 100}});
  o.writer_counters = layout();
  o.reader_counters = layout();
  o.cpu[0] = CpuTime{200 * kMs, 600 * kMs};  // of 1 s: 20% user, 60% system
  o.cpu[1] = CpuTime{100 * kMs, 850 * kMs};
  return o;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) out.push_back(field);
  if (!line.empty() && line.back() == sep) out.emplace_back();
  return out;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string all;
  for (const std::string& p : parts) all += p;
  return all;
}

// [header, sample outputs (writer, reader alternating)..., summary], with the writer's layout.
std::vector<std::string> run_report(OutputFormat format, const FakeRun& o) {
  auto report = make_report(format);
  std::vector<std::string> out;
  out.push_back(report->header(o.writer_counters));
  for (std::size_t i = 0; i < std::max(o.writer.size(), o.reader.size()); ++i) {
    if (i < o.writer.size()) out.push_back(report->sample(WorkerRole::writer, o.writer[i]));
    if (i < o.reader.size()) out.push_back(report->sample(WorkerRole::reader, o.reader[i]));
  }
  out.push_back(report->summary(o.outcome()));
  return out;
}

void expect_near_relative(double actual, double expected, double relative = 1e-9) {
  EXPECT_NEAR(actual, expected, std::abs(expected) * relative + 1e-12);
}

using testing::expect_no_nan_or_inf;

// ---------------------------------------------------------------- summarize

TEST(SummarizeCounters, OnePerCounterInLayoutOrder) {
  const RunSummary s = summarize(counted_outcome().outcome());
  ASSERT_EQ(s.writer.counters.size(), kCount);
  ASSERT_EQ(s.reader.counters.size(), kCount);
  const std::vector<CounterInfo> infos = layout();
  for (std::size_t i = 0; i < kCount; ++i) {
    EXPECT_EQ(s.writer.counters[i].info.name, infos[i].name);
    EXPECT_EQ(s.writer.counters[i].info.state, infos[i].state);
    EXPECT_EQ(s.reader.counters[i].info.name, infos[i].name);
  }
}

TEST(SummarizeCounters, ValueRatesAndRunningFraction) {
  const RunSummary s = summarize(counted_outcome().outcome());
  const CounterSummary& instr = s.writer.counters[kInstructions];
  ASSERT_TRUE(instr.value.has_value());
  expect_near_relative(*instr.value, 1.5e9);
  ASSERT_TRUE(instr.per_second.has_value());
  expect_near_relative(*instr.per_second, 1.5e9);  // over 1 s
  ASSERT_TRUE(instr.per_gib.has_value());
  expect_near_relative(*instr.per_gib, 1.5e9 / 1.25);  // over 1.25 GiB
  ASSERT_TRUE(instr.running_fraction.has_value());
  EXPECT_DOUBLE_EQ(*instr.running_fraction, 1.0);

  const CounterSummary& reader_cycles = s.reader.counters[kCycles];
  ASSERT_TRUE(reader_cycles.value.has_value());
  expect_near_relative(*reader_cycles.value, 2e9);
  ASSERT_TRUE(reader_cycles.per_second.has_value());
  expect_near_relative(*reader_cycles.per_second, 2e9);
}

TEST(SummarizeCounters, MultiplexedCounterIsScaled) {
  const RunSummary s = summarize(counted_outcome().outcome());
  const CounterSummary& cycles = s.writer.counters[kCycles];
  ASSERT_TRUE(cycles.value.has_value());
  expect_near_relative(*cycles.value, 1e9, 1e-6);  // 630 M counted over 63% of the time
  ASSERT_TRUE(cycles.per_second.has_value());
  expect_near_relative(*cycles.per_second, 1e9, 1e-6);
  ASSERT_TRUE(cycles.running_fraction.has_value());
  EXPECT_NEAR(*cycles.running_fraction, 0.63, 1e-9);
}

TEST(SummarizeCounters, UnavailableCounterHasNoValue) {
  const RunSummary s = summarize(counted_outcome().outcome());
  for (const WorkerSummary* w : {&s.writer, &s.reader}) {
    const CounterSummary& dtlb = w->counters[kDtlb];
    EXPECT_EQ(dtlb.info.state, CounterState::unavailable);
    EXPECT_EQ(dtlb.info.reason, kNoPmu);
    EXPECT_FALSE(dtlb.value.has_value());
    EXPECT_FALSE(dtlb.per_second.has_value());
    EXPECT_FALSE(dtlb.per_gib.has_value());
    EXPECT_FALSE(dtlb.running_fraction.has_value());
  }
}

TEST(SummarizeCounters, UnavailableCounterHasNoValueEvenIfItsReadingsLookReal) {
  FakeRun o = counted_outcome();
  for (Sample& sample : o.writer) sample.counters[kDtlb] = CounterReading{sample.bytes, 100, 100};
  o.writer.back().counters[kDtlb].time_enabled = 200;
  o.writer.back().counters[kDtlb].time_running = 200;
  const RunSummary s = summarize(o.outcome());
  EXPECT_FALSE(s.writer.counters[kDtlb].value.has_value());
}

TEST(SummarizeCounters, UserOnlyCounterCounts) {
  const RunSummary s = summarize(counted_outcome().outcome());
  const CounterSummary& faults = s.writer.counters[kPageFaults];
  EXPECT_EQ(faults.info.state, CounterState::user_only);
  EXPECT_EQ(faults.info.reason, kParanoia);
  ASSERT_TRUE(faults.value.has_value());
  EXPECT_DOUBLE_EQ(*faults.value, 30.0);
  ASSERT_TRUE(faults.per_gib.has_value());
  EXPECT_DOUBLE_EQ(*faults.per_gib, 24.0);
}

TEST(SummarizeCounters, CounterThatNeverRanHasNoValue) {
  FakeRun o = counted_outcome();
  for (Sample& sample : o.reader) sample.counters[kInstructions].time_running = 0;
  const RunSummary s = summarize(o.outcome());
  const CounterSummary& instr = s.reader.counters[kInstructions];
  EXPECT_FALSE(instr.value.has_value());
  EXPECT_FALSE(instr.per_second.has_value());
  EXPECT_FALSE(instr.per_gib.has_value());
  ASSERT_TRUE(instr.running_fraction.has_value());
  EXPECT_DOUBLE_EQ(*instr.running_fraction, 0.0);
  EXPECT_FALSE(s.reader.derived.ipc.has_value());
}

TEST(SummarizeCounters, NoValuesFromASingleSample) {
  FakeRun o = counted_outcome();
  o.writer.resize(1);
  const RunSummary s = summarize(o.outcome());
  ASSERT_EQ(s.writer.counters.size(), kCount) << "the counters are still listed";
  for (const CounterSummary& c : s.writer.counters) {
    EXPECT_FALSE(c.value.has_value()) << c.info.name;
    EXPECT_FALSE(c.per_second.has_value()) << c.info.name;
  }
  EXPECT_FALSE(s.writer.cpu_user_percent.has_value());
  EXPECT_FALSE(s.writer.cpu_system_percent.has_value());
}

TEST(SummarizeCounters, CounterBeyondTheSamplesReadingsHasNoValue) {
  FakeRun o = counted_outcome();
  for (Sample& sample : o.writer) sample.counter_count = kPageFaults;  // page-faults, task-clock not read
  const RunSummary s = summarize(o.outcome());
  EXPECT_TRUE(s.writer.counters[kInstructions].value.has_value());
  EXPECT_FALSE(s.writer.counters[kPageFaults].value.has_value());
  EXPECT_FALSE(s.writer.counters[kTaskClock].value.has_value());
}

TEST(SummarizeCounters, DerivedFiguresOverTheWholeTransfer) {
  const RunSummary s = summarize(counted_outcome().outcome());
  ASSERT_TRUE(s.writer.derived.ipc.has_value());
  EXPECT_NEAR(*s.writer.derived.ipc, 1.5, 1e-6);
  ASSERT_TRUE(s.reader.derived.ipc.has_value());
  EXPECT_NEAR(*s.reader.derived.ipc, 0.5, 1e-9);
  ASSERT_TRUE(s.writer.derived.cpu_utilisation.has_value());
  EXPECT_NEAR(*s.writer.derived.cpu_utilisation, 0.8, 1e-9);
  ASSERT_TRUE(s.writer.derived.page_faults_per_gib.has_value());
  EXPECT_NEAR(*s.writer.derived.page_faults_per_gib, 24.0, 1e-9);
  EXPECT_FALSE(s.writer.derived.dtlb_misses_per_mib.has_value()) << "dTLB is unavailable";
}

TEST(SummarizeCounters, CpuPercentOfTheWorkersSampleWallTime) {
  const RunSummary s = summarize(counted_outcome().outcome());
  ASSERT_TRUE(s.writer.cpu_user_percent.has_value());
  ASSERT_TRUE(s.writer.cpu_system_percent.has_value());
  EXPECT_NEAR(*s.writer.cpu_user_percent, 20.0, 1e-9);
  EXPECT_NEAR(*s.writer.cpu_system_percent, 60.0, 1e-9);
  ASSERT_TRUE(s.reader.cpu_user_percent.has_value());
  EXPECT_NEAR(*s.reader.cpu_user_percent, 10.0, 1e-9);
  EXPECT_NEAR(*s.reader.cpu_system_percent, 85.0, 1e-9);

  // The writer's wall time is its own samples' span: halve it and the percentages double.
  FakeRun o = counted_outcome();
  o.writer.resize(6);  // 0 .. 0.5 s
  const RunSummary half = summarize(o.outcome());
  ASSERT_TRUE(half.writer.cpu_user_percent.has_value());
  EXPECT_NEAR(*half.writer.cpu_user_percent, 40.0, 1e-9);
  EXPECT_NEAR(*half.writer.cpu_system_percent, 120.0, 1e-9);
  EXPECT_NEAR(*half.reader.cpu_user_percent, 10.0, 1e-9) << "the reader is unaffected";
}

TEST(SummarizeCounters, NoCpuPercentWithoutCpuTime) {
  FakeRun o = counted_outcome();
  o.cpu[0] = CpuTime{};
  const RunSummary s = summarize(o.outcome());
  EXPECT_FALSE(s.writer.cpu_user_percent.has_value());
  EXPECT_FALSE(s.writer.cpu_system_percent.has_value());
  EXPECT_TRUE(s.reader.cpu_user_percent.has_value());
}

TEST(SummarizeCounters, NoCountersNoEntries) {
  FakeRun o = counted_outcome();
  o.writer_counters.clear();
  o.reader_counters.clear();
  const RunSummary s = summarize(o.outcome());
  EXPECT_TRUE(s.writer.counters.empty());
  EXPECT_TRUE(s.reader.counters.empty());
  for (const DerivedField& field : kDerivedFields) {
    EXPECT_FALSE((s.writer.derived.*field.member).has_value()) << field.key;
  }
}

TEST(CounterMode, UserKernelOrUserOnly) {
  const std::vector<CounterInfo> counting = {{"cycles", CounterState::counting, "", CounterProblem::none}};
  EXPECT_EQ(counter_mode(counting, false, false).label, "user+kernel");
  const std::vector<CounterInfo> asked = {
      {"cycles", CounterState::user_only, "--user-only", CounterProblem::asked_user_only}};
  EXPECT_EQ(counter_mode(asked, true, false).label, "user only");
  EXPECT_EQ(counter_mode(asked, true, false).why, "");
  EXPECT_EQ(counter_mode({}, false, true).label, "off");
}

// Issue 13, failure 16: counters that fell back to user-only were still called "user+kernel".
TEST(CounterMode, AFallbackToUserOnlySaysSoAndWhy) {
  const std::vector<CounterInfo> forced = {
      {"page-faults", CounterState::counting, "", CounterProblem::none},
      {"cycles", CounterState::user_only, "perf_event_paranoid=2 forbids counting the kernel",
       CounterProblem::not_permitted}};
  EXPECT_EQ(counter_mode(forced, false, false).label, "user only");
  EXPECT_EQ(counter_mode(forced, false, false).why, "perf_event_paranoid=2 forbids counting the kernel");
}

// ---------------------------------------------------------------- CSV

TEST(CsvCounters, HeaderEndsWithTheCounterNames) {
  const std::vector<std::string> out = run_report(OutputFormat::csv, counted_outcome());
  EXPECT_EQ(out.front(),
            "type,worker,t_s,bytes,syscalls,eagain,gib_per_s,cycles,instructions,dTLB-load-misses,page-faults,"
            "task-clock\n");
}

TEST(CsvCounters, EveryRowHasAsManyColumnsAsTheHeader) {
  const FakeRun o = counted_outcome();
  const std::vector<std::string> rows = lines(joined(run_report(OutputFormat::csv, o)));
  ASSERT_EQ(rows.size(), 1 + o.writer.size() + o.reader.size() + 1);
  const std::size_t columns = split(rows[0], ',').size();
  EXPECT_EQ(columns, 7 + kCount);
  for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_EQ(split(rows[i], ',').size(), columns) << rows[i];
  EXPECT_EQ(split(rows.back(), ',')[0], "summary");
}

TEST(CsvCounters, SampleCellsAreScaledCumulativeValues) {
  const FakeRun o = counted_outcome();
  const std::vector<std::string> out = run_report(OutputFormat::csv, o);
  // out[1 + 2*i] is writer sample i, out[2 + 2*i] reader sample i.
  for (std::size_t i = 0; i < kSamples; ++i) {
    const std::vector<std::string> w = split(lines(out[1 + 2 * i]).at(0), ',');
    const std::vector<std::string> r = split(lines(out[2 + 2 * i]).at(0), ',');
    ASSERT_EQ(w.size(), 7 + kCount);
    ASSERT_EQ(r.size(), 7 + kCount);
    EXPECT_EQ(w[1], "writer");
    EXPECT_EQ(r[1], "reader");
    const auto n = static_cast<double>(i);
    // Writer cycles: 63 M per step counted over 63% of the time → 100 M per step.
    ASSERT_FALSE(w[7 + kCycles].empty()) << "sample " << i;
    EXPECT_NEAR(std::stod(w[7 + kCycles]), 1e8 * n, 1e-3 * (1 + n)) << "sample " << i;
    EXPECT_NEAR(std::stod(w[7 + kInstructions]), 1.5e8 * n, 1e-6) << "sample " << i;
    EXPECT_EQ(w[7 + kDtlb], "") << "unavailable: empty cell";
    EXPECT_NEAR(std::stod(w[7 + kPageFaults]), 3 * n, 1e-6) << "user-only still counts";
    EXPECT_NEAR(std::stod(w[7 + kTaskClock]), 8e7 * n, 1e-6);
    EXPECT_NEAR(std::stod(r[7 + kCycles]), 2e8 * n, 1e-6);
    EXPECT_EQ(r[7 + kDtlb], "");
  }
}

TEST(CsvCounters, CounterNotYetRunIsAnEmptyCell) {
  FakeRun o = counted_outcome();
  o.writer[0].counters[kCycles] = CounterReading{0, 5000, 0};  // enabled, not yet on a counter
  const std::vector<std::string> out = run_report(OutputFormat::csv, o);
  const std::vector<std::string> w0 = split(lines(out[1]).at(0), ',');
  ASSERT_EQ(w0.size(), 7 + kCount);
  EXPECT_EQ(w0[7 + kCycles], "");
  EXPECT_FALSE(w0[7 + kInstructions].empty()) << "the others are there: 0 is a value";
  EXPECT_DOUBLE_EQ(std::stod(w0[7 + kInstructions]), 0.0);
}

TEST(CsvCounters, SampleWithFewerReadingsHasEmptyCells) {
  FakeRun o = counted_outcome();
  o.writer[3].counter_count = 2;
  const std::vector<std::string> out = run_report(OutputFormat::csv, o);
  const std::vector<std::string> w3 = split(lines(out[1 + 2 * 3]).at(0), ',');
  ASSERT_EQ(w3.size(), 7 + kCount);
  EXPECT_FALSE(w3[7 + kCycles].empty());
  EXPECT_FALSE(w3[7 + kInstructions].empty());
  EXPECT_EQ(w3[7 + kPageFaults], "");
  EXPECT_EQ(w3[7 + kTaskClock], "");
}

TEST(CsvCounters, NoCountersNoExtraColumns) {
  FakeRun o = counted_outcome();
  o.writer_counters.clear();
  o.reader_counters.clear();
  const std::vector<std::string> rows = lines(joined(run_report(OutputFormat::csv, o)));
  EXPECT_EQ(rows[0], "type,worker,t_s,bytes,syscalls,eagain,gib_per_s");
  for (const std::string& row : rows) EXPECT_EQ(split(row, ',').size(), 7u) << row;
}

// ---------------------------------------------------------------- JSON Lines

// The sample lines and the summary (the progress line a second is report_test's).
std::vector<nlohmann::json> json_lines(const std::vector<std::string>& out) {
  std::vector<nlohmann::json> objects;
  for (const std::string& line : lines(joined(out))) {
    auto v = test_json::parse(line);
    EXPECT_TRUE(v.has_value()) << "not JSON: " << line;
    if (v && v->value("type", "") != "progress") objects.push_back(*v);
  }
  return objects;
}

TEST(JsonCounters, SampleLinesCarryTheRawReadings) {
  const FakeRun o = counted_outcome();
  const std::vector<nlohmann::json> objects = json_lines(run_report(OutputFormat::json, o));
  ASSERT_EQ(objects.size(), o.writer.size() + o.reader.size() + 1);
  const nlohmann::json& w3 = objects[2 * 3];
  ASSERT_EQ(w3.at("worker").get<std::string>(), "writer");
  ASSERT_TRUE(w3.contains("counters"));
  const nlohmann::json& counters = w3.at("counters");
  ASSERT_TRUE(counters.is_object());
  EXPECT_EQ(counters.size(), kCount);
  const nlohmann::json& cycles = counters.at("cycles");
  ASSERT_TRUE(cycles.is_object());
  EXPECT_EQ(cycles.size(), 3u);
  const CounterReading& r = o.writer[3].counters[kCycles];
  EXPECT_EQ(cycles.at("value").dump(), std::to_string(r.value)) << "raw, not scaled";
  EXPECT_EQ(cycles.at("time_enabled_ns").dump(), std::to_string(r.time_enabled));
  EXPECT_EQ(cycles.at("time_running_ns").dump(), std::to_string(r.time_running));
  EXPECT_TRUE(counters.at("dTLB-load-misses").is_null());
  ASSERT_TRUE(counters.at("page-faults").is_object());
  EXPECT_EQ(counters.at("page-faults").at("value").dump(), "9");
  EXPECT_EQ(counters.at("task-clock").at("value").dump(), std::to_string(3 * 80 * kMs));
}

TEST(JsonCounters, EverySampleLineHasEveryCounter) {
  const std::vector<nlohmann::json> objects = json_lines(run_report(OutputFormat::json, counted_outcome()));
  const std::vector<CounterInfo> infos = layout();
  for (std::size_t i = 0; i + 1 < objects.size(); ++i) {
    ASSERT_TRUE(objects[i].contains("counters")) << i;
    for (const CounterInfo& c : infos) {
      ASSERT_TRUE(objects[i].at("counters").contains(c.name)) << c.name;
      EXPECT_EQ(objects[i].at("counters").at(c.name).is_null(), c.state == CounterState::unavailable) << c.name;
    }
  }
}

TEST(JsonCounters, SampleWithFewerReadingsHasNulls) {
  FakeRun o = counted_outcome();
  o.reader[2].counter_count = 1;
  const std::vector<nlohmann::json> objects = json_lines(run_report(OutputFormat::json, o));
  const nlohmann::json& r2 = objects[2 * 2 + 1];
  ASSERT_EQ(r2.at("worker").get<std::string>(), "reader");
  EXPECT_TRUE(r2.at("counters").at("cycles").is_object());
  EXPECT_TRUE(r2.at("counters").at("instructions").is_null());
  EXPECT_TRUE(r2.at("counters").at("task-clock").is_null());
}

TEST(JsonCounters, SummaryCounterMode) {
  FakeRun o = counted_outcome();
  // page-faults fell back to user space: the mode says so, and why.
  EXPECT_EQ(json_lines(run_report(OutputFormat::json, o)).back().at("counter_mode").get<std::string>(), "user only");
  EXPECT_EQ(json_lines(run_report(OutputFormat::json, o)).back().at("counter_mode_reason").get<std::string>(),
            kParanoia);
  o.config.user_only = true;
  EXPECT_EQ(json_lines(run_report(OutputFormat::json, o)).back().at("counter_mode").get<std::string>(), "user only");
}

TEST(JsonCounters, SummaryCountersPerWorker) {
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, counted_outcome())).back();
  ASSERT_EQ(s.at("type").get<std::string>(), "summary");
  ASSERT_TRUE(s.contains("counters"));
  const nlohmann::json& writer = s.at("counters").at("writer");
  const nlohmann::json& reader = s.at("counters").at("reader");
  ASSERT_TRUE(writer.is_object());
  ASSERT_TRUE(reader.is_object());
  EXPECT_EQ(writer.size(), kCount);
  EXPECT_EQ(reader.size(), kCount);

  const nlohmann::json& cycles = writer.at("cycles");
  for (const char* key : {"value", "per_second", "per_gib", "running_fraction"}) {
    ASSERT_TRUE(cycles.contains(key)) << key;
    ASSERT_TRUE(cycles.at(key).is_number()) << key;
  }
  expect_near_relative(cycles.at("value").get<double>(), 1e9, 1e-6);
  expect_near_relative(cycles.at("per_second").get<double>(), 1e9, 1e-6);
  expect_near_relative(cycles.at("per_gib").get<double>(), 8e8, 1e-6);
  EXPECT_NEAR(cycles.at("running_fraction").get<double>(), 0.63, 1e-9);
  EXPECT_FALSE(cycles.at("user_only").get<bool>());

  const nlohmann::json& instructions = reader.at("instructions");
  expect_near_relative(instructions.at("value").get<double>(), 1e9, 1e-9);
  EXPECT_DOUBLE_EQ(instructions.at("running_fraction").get<double>(), 1.0);
}

TEST(JsonCounters, SummaryUnavailableCounterGivesItsReasonOnly) {
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, counted_outcome())).back();
  for (const char* worker : {"writer", "reader"}) {
    const nlohmann::json& dtlb = s.at("counters").at(worker).at("dTLB-load-misses");
    ASSERT_TRUE(dtlb.is_object()) << worker;
    EXPECT_EQ(dtlb.size(), 1u) << worker;
    EXPECT_EQ(dtlb.at("unavailable").get<std::string>(), kNoPmu) << worker;
  }
}

TEST(JsonCounters, SummaryUserOnlyCounterSaysSoAndWhy) {
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, counted_outcome())).back();
  const nlohmann::json& faults = s.at("counters").at("writer").at("page-faults");
  EXPECT_TRUE(faults.at("user_only").get<bool>());
  EXPECT_EQ(faults.at("reason").get<std::string>(), kParanoia);
  EXPECT_DOUBLE_EQ(faults.at("value").get<double>(), 30.0);
}

TEST(JsonCounters, SummaryCounterThatNeverRanHasNullValues) {
  FakeRun o = counted_outcome();
  for (Sample& sample : o.reader) sample.counters[kCycles].time_running = 0;
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  const nlohmann::json& cycles = s.at("counters").at("reader").at("cycles");
  EXPECT_TRUE(cycles.at("value").is_null());
  EXPECT_TRUE(cycles.at("per_second").is_null());
  EXPECT_TRUE(cycles.at("per_gib").is_null());
  EXPECT_DOUBLE_EQ(cycles.at("running_fraction").get<double>(), 0.0);
  EXPECT_TRUE(s.at("derived").at("reader").at("ipc").is_null());
}

TEST(JsonCounters, SummaryDerivedHasEveryField) {
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, counted_outcome())).back();
  ASSERT_TRUE(s.contains("derived"));
  for (const char* worker : {"writer", "reader"}) {
    const nlohmann::json& d = s.at("derived").at(worker);
    ASSERT_TRUE(d.is_object()) << worker;
    EXPECT_EQ(d.size(), kDerivedFields.size()) << worker;
    for (const DerivedField& field : kDerivedFields) {
      const std::string key(field.key);
      ASSERT_TRUE(d.contains(key)) << worker << "." << key;
      EXPECT_TRUE(d.at(key).is_null() || d.at(key).is_number()) << worker << "." << key;
    }
  }
  const nlohmann::json& w = s.at("derived").at("writer");
  EXPECT_NEAR(w.at("ipc").get<double>(), 1.5, 1e-6);
  EXPECT_NEAR(w.at("cpu_utilisation").get<double>(), 0.8, 1e-9);
  EXPECT_NEAR(w.at("page_faults_per_gib").get<double>(), 24.0, 1e-9);
  EXPECT_TRUE(w.at("dtlb_misses_per_mib").is_null()) << "dTLB is unavailable";
  EXPECT_TRUE(w.at("itlb_misses_per_mib").is_null()) << "iTLB was not counted at all";
  EXPECT_NEAR(s.at("derived").at("reader").at("ipc").get<double>(), 0.5, 1e-9);
}

TEST(JsonCounters, SummaryCpuPercentPerWorker) {
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, counted_outcome())).back();
  EXPECT_NEAR(s.at("writer").at("cpu_user_percent").get<double>(), 20.0, 1e-9);
  EXPECT_NEAR(s.at("writer").at("cpu_system_percent").get<double>(), 60.0, 1e-9);
  EXPECT_NEAR(s.at("reader").at("cpu_system_percent").get<double>(), 85.0, 1e-9);
}

TEST(JsonCounters, NoCountersGiveEmptyObjects) {
  FakeRun o = counted_outcome();
  o.writer_counters.clear();
  o.reader_counters.clear();
  const std::vector<nlohmann::json> objects = json_lines(run_report(OutputFormat::json, o));
  EXPECT_TRUE(objects.front().at("counters").empty());
  const nlohmann::json& s = objects.back();
  EXPECT_TRUE(s.at("counters").at("writer").empty());
  EXPECT_TRUE(s.at("counters").at("reader").empty());
  for (const DerivedField& field : kDerivedFields) {
    EXPECT_TRUE(s.at("derived").at("writer").at(std::string(field.key)).is_null()) << field.key;
  }
}

// ---------------------------------------------------------------- no NaN or inf

// Counters with every awkward reading: time standing still, readings going backwards, counters
// that never ran, no bytes moved.
FakeRun awkward_outcome() {
  FakeRun o = counted_outcome();
  for (Sample& sample : o.writer) {
    sample.t_ns = kT0;  // time stands still
    sample.counters[kCycles].time_running = 0;
  }
  for (Sample& sample : o.reader) sample.bytes = 0;            // nothing moved
  o.reader.front().counters[kInstructions].value = 1'000'000;  // then backwards
  o.reader.back().counters[kInstructions].value = 0;
  o.reader.back().counters[kTaskClock].time_enabled = 0;
  return o;
}

TEST(CounterReports, NeverPrintNanOrInf) {
  for (const OutputFormat format : {OutputFormat::text, OutputFormat::csv, OutputFormat::json}) {
    for (const FakeRun& o : {counted_outcome(), awkward_outcome()}) {
      const std::string text = joined(run_report(format, o));
      expect_no_nan_or_inf(text);
      if (format == OutputFormat::json) {
        EXPECT_EQ(json_lines({text}).size(), o.writer.size() + o.reader.size() + 1);
      }
    }
  }
}

TEST(CounterReports, AwkwardReadingsGiveNullsNotNumbers) {
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, awkward_outcome())).back();
  const nlohmann::json& wd = s.at("derived").at("writer");
  EXPECT_TRUE(wd.at("context_switches_per_s").is_null());
  EXPECT_TRUE(wd.at("cpu_utilisation").is_null());
  const nlohmann::json& rd = s.at("derived").at("reader");
  EXPECT_TRUE(rd.at("cycles_per_kib").is_null()) << "no bytes moved";
  EXPECT_TRUE(rd.at("ipc").is_null()) << "instructions went backwards";
  EXPECT_TRUE(s.at("counters").at("reader").at("instructions").at("value").is_null());
  EXPECT_TRUE(s.at("counters").at("reader").at("cycles").at("per_gib").is_null()) << "no bytes moved";
  EXPECT_TRUE(s.at("writer").at("cpu_user_percent").is_null()) << "no wall time";
}

// ---------------------------------------------------------------- text

TEST(TextCounters, SummaryContainsTheCounterTable) {
  const FakeRun o = counted_outcome();
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("counters (user only)"), std::string::npos) << text;  // page-faults fell back
  EXPECT_NE(text.find("  user only: " + kParanoia), std::string::npos) << text;
  EXPECT_NE(text.find("  cycles "), std::string::npos) << text;
  EXPECT_NE(text.find("[scaled 63%]"), std::string::npos) << text;
  EXPECT_NE(text.find("n/a: " + kNoPmu + " (both)"), std::string::npos) << text;
  EXPECT_NE(text.find("(user-only)"), std::string::npos) << text;
  EXPECT_NE(text.find("IPC"), std::string::npos) << text;
  EXPECT_NE(text.find("20.0% user"), std::string::npos) << text;
  EXPECT_NE(text.find("60.0% sys"), std::string::npos) << text;
  // The table sits before the closing lines.
  EXPECT_LT(text.find("counters (user only)"), text.find("  ended "));
}

TEST(TextCounters, SummaryNamesUserOnlyMode) {
  FakeRun o = counted_outcome();
  o.config.user_only = true;
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("counters (user only)"), std::string::npos) << text;
}

TEST(TextCounters, NoCountersNoTable) {
  FakeRun o = counted_outcome();
  o.config.no_counters = true;
  o.writer_counters.clear();
  o.reader_counters.clear();
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_EQ(text.find("counters ("), std::string::npos) << text;
  EXPECT_EQ(text.find("IPC"), std::string::npos) << text;
  EXPECT_EQ(text.find("CPU time"), std::string::npos) << text;
  EXPECT_EQ(text.find("n/a"), std::string::npos) << text;
  EXPECT_NE(text.find("throughput"), std::string::npos) << "the rest of the summary is still there";
}

}  // namespace
}  // namespace pipetop

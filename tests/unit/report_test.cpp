#include "pipetop/core/report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "no_nan_or_inf.hpp"
#include "pipetop/core/command_line.hpp"
#include "pipetop/core/schema_version.hpp"
#include "pipetop/core/size.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kT0 = 50'000'000'000;  // an arbitrary CLOCK_MONOTONIC instant
constexpr std::int64_t kMs = 1'000'000;

// `count` samples every `step_ns` from `start`, moving `bytes_per_step` each step.
std::vector<Sample> samples(std::int64_t start, std::int64_t step_ns, std::size_t count, std::uint64_t bytes_per_step,
                            std::uint64_t eagain_per_step = 0) {
  std::vector<Sample> out;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t n = i;
    out.push_back(
        Sample{start + static_cast<std::int64_t>(i) * step_ns, n * bytes_per_step, n * 3, n * eagain_per_step});
  }
  return out;
}

// 5 s at 2 GiB/s, a sample every 100 ms from each worker; the reader starts 1 ms after the writer.
RunOutcome steady_outcome() {
  RunOutcome o;
  o.config.writer = WriterKind::vmsplice;
  o.config.busy_loop = true;
  o.config.huge_pages = true;
  o.config.buffer_bytes = 256 * kKiB;
  o.config.writer_cpu = 0;
  o.config.reader_cpu = 2;
  o.config.interval_ns = 100 * kMs;
  o.pipe_bytes = 128 * kKiB;
  o.writer = samples(kT0, 100 * kMs, 51, kGiB / 5, 7);
  o.reader = samples(kT0 + kMs, 100 * kMs, 51, kGiB / 5, 2);
  o.dropped_samples = 3;
  o.huge_pages = HugePageResult{true, true, "2 of 2 buffers in huge pages"};
  o.end = EndReason::duration;
  return o;
}

RunOutcome with_verify(RunOutcome o) {
  o.config.verify = true;
  o.verify = VerifyResult{10 * kGiB, 0, 0};
  return o;
}

// Every sample of both workers, reported to the collecting report, returning all text in order:
// [header, sample outputs..., summary].
std::vector<std::string> run_report(OutputFormat format, const RunOutcome& o) {
  auto report = make_report(format);
  std::vector<std::string> out;
  out.push_back(report->header({}));
  for (std::size_t i = 0; i < std::max(o.writer.size(), o.reader.size()); ++i) {
    if (i < o.writer.size()) out.push_back(report->sample(WorkerRole::writer, o.writer[i]));
    if (i < o.reader.size()) out.push_back(report->sample(WorkerRole::reader, o.reader[i]));
  }
  out.push_back(report->summary(o));
  return out;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string all;
  for (const std::string& p : parts) all += p;
  return all;
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

using testing::expect_no_nan_or_inf;

// ---------------------------------------------------------------- formats

TEST(OutputFormat, ParsesTheThreeNames) {
  EXPECT_EQ(parse_output_format("text"), OutputFormat::text);
  EXPECT_EQ(parse_output_format("csv"), OutputFormat::csv);
  EXPECT_EQ(parse_output_format("json"), OutputFormat::json);
  auto bad = parse_output_format("yaml");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().kind, ExitCode::usage);
  EXPECT_NE(bad.error().message.find("'yaml'"), std::string::npos);
}

// ---------------------------------------------------------------- CSV

TEST(CsvReport, HeaderAndOneRowPerSamplePlusSummary) {
  const RunOutcome o = steady_outcome();
  const std::vector<std::string> out = run_report(OutputFormat::csv, o);
  EXPECT_EQ(out.front(), "type,worker,t_s,bytes,syscalls,eagain,gib_per_s\n");
  const std::vector<std::string> rows = lines(joined(out));
  ASSERT_EQ(rows.size(), 1 + o.writer.size() + o.reader.size() + 1);
  const std::size_t columns = split(rows[0], ',').size();
  EXPECT_EQ(columns, 7u);
  std::size_t writer_rows = 0;
  std::size_t reader_rows = 0;
  std::size_t summary_rows = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string> f = split(rows[i], ',');
    ASSERT_EQ(f.size(), columns) << rows[i];
    if (f[0] == "sample" && f[1] == "writer") ++writer_rows;
    if (f[0] == "sample" && f[1] == "reader") ++reader_rows;
    if (f[0] == "summary") ++summary_rows;
  }
  EXPECT_EQ(writer_rows, o.writer.size());
  EXPECT_EQ(reader_rows, o.reader.size());
  EXPECT_EQ(summary_rows, 1u);
  EXPECT_EQ(split(rows.back(), ',')[0], "summary") << "the summary row comes last";
}

TEST(CsvReport, SampleRowsCarryTimeBytesAndRate) {
  const RunOutcome o = steady_outcome();
  const std::vector<std::string> out = run_report(OutputFormat::csv, o);
  // out[1] writer #0, out[2] reader #0, out[3] writer #1, out[4] reader #1
  const auto w0 = split(lines(out[1]).at(0), ',');
  const auto r0 = split(lines(out[2]).at(0), ',');
  const auto w1 = split(lines(out[3]).at(0), ',');
  ASSERT_EQ(w0.size(), 7u);
  EXPECT_EQ(w0[1], "writer");
  EXPECT_DOUBLE_EQ(std::stod(w0[2]), 0.0);
  EXPECT_EQ(w0[6], "") << "no rate for a worker's first sample";
  EXPECT_EQ(r0[1], "reader");
  EXPECT_NEAR(std::stod(r0[2]), 0.001, 1e-9);
  EXPECT_EQ(r0[6], "");
  EXPECT_NEAR(std::stod(w1[2]), 0.1, 1e-9);
  EXPECT_EQ(w1[3], std::to_string(o.writer[1].bytes));
  EXPECT_EQ(w1[4], std::to_string(o.writer[1].syscalls));
  EXPECT_EQ(w1[5], std::to_string(o.writer[1].eagain));
  EXPECT_NEAR(std::stod(w1[6]), 2.0, 1e-5);
}

TEST(CsvReport, SummaryRow) {
  const RunOutcome o = steady_outcome();
  const auto f = split(lines(run_report(OutputFormat::csv, o).back()).at(0), ',');
  ASSERT_EQ(f.size(), 7u);
  EXPECT_EQ(f[0], "summary");
  EXPECT_NEAR(std::stod(f[2]), 5.0, 1e-6);
  EXPECT_EQ(f[3], std::to_string(o.reader.back().bytes));
  EXPECT_EQ(f[4], std::to_string(o.writer.back().syscalls + o.reader.back().syscalls));
  EXPECT_EQ(f[5], std::to_string(o.writer.back().eagain + o.reader.back().eagain));
  EXPECT_NEAR(std::stod(f[6]), 2.0, 1e-5);
}

// ---------------------------------------------------------------- JSON Lines

std::vector<nlohmann::json> json_lines(const std::vector<std::string>& out) {
  std::vector<nlohmann::json> objects;
  for (const std::string& line : lines(joined(out))) {
    auto v = test_json::parse(line);
    EXPECT_TRUE(v.has_value()) << "not JSON: " << line;
    if (!v) continue;
    EXPECT_TRUE(v->is_object()) << line;
    EXPECT_TRUE(v->contains("type") && v->at("type").is_string()) << line;
    objects.push_back(*v);
  }
  return objects;
}

TEST(JsonReport, EveryLineIsAnObjectWithAType) {
  const RunOutcome o = steady_outcome();
  const std::vector<std::string> out = run_report(OutputFormat::json, o);
  EXPECT_EQ(out.front(), "") << "JSON Lines has no header";
  for (std::size_t i = 1; i < out.size(); ++i) {
    ASSERT_FALSE(out[i].empty());
    EXPECT_EQ(out[i].back(), '\n');
    EXPECT_EQ(std::count(out[i].begin(), out[i].end(), '\n'), 1) << "one line per event: " << out[i];
  }
  const std::vector<nlohmann::json> objects = json_lines(out);
  ASSERT_EQ(objects.size(), o.writer.size() + o.reader.size() + 1);
  for (std::size_t i = 0; i + 1 < objects.size(); ++i) EXPECT_EQ(objects[i].at("type").get<std::string>(), "sample");
  EXPECT_EQ(objects.back().at("type").get<std::string>(), "summary");
}

// Issue 12: every JSON document pipetop writes begins with its schema version, each line of JSON
// Lines included, so a reader can check it before reading the rest.
TEST(JsonReport, EveryLineBeginsWithTheSchemaVersion) {
  const std::vector<std::string> out = run_report(OutputFormat::json, steady_outcome());
  for (std::size_t i = 1; i < out.size(); ++i) {
    EXPECT_TRUE(out[i].starts_with("{\"schema_version\":" + std::to_string(kSchemaVersion) + ",")) << out[i];
  }
}

TEST(JsonReport, SampleObjects) {
  const RunOutcome o = steady_outcome();
  const std::vector<nlohmann::json> objects = json_lines(run_report(OutputFormat::json, o));
  ASSERT_GE(objects.size(), 4u);
  const auto& w0 = objects[0];
  const auto& r0 = objects[1];
  const auto& w1 = objects[2];
  EXPECT_EQ(w0.at("worker").get<std::string>(), "writer");
  EXPECT_EQ(r0.at("worker").get<std::string>(), "reader");
  for (const auto* s : {&w0, &r0, &w1}) {
    for (const char* key : {"t_s", "bytes", "syscalls", "eagain", "gib_per_s"}) EXPECT_TRUE(s->contains(key)) << key;
  }
  EXPECT_TRUE(w0.at("gib_per_s").is_null());
  EXPECT_TRUE(r0.at("gib_per_s").is_null());
  EXPECT_NEAR(r0.at("t_s").get<double>(), 0.001, 1e-9);
  EXPECT_NEAR(w1.at("t_s").get<double>(), 0.1, 1e-9);
  EXPECT_NEAR(w1.at("gib_per_s").get<double>(), 2.0, 1e-5);
  EXPECT_EQ(w1.at("bytes").dump(), std::to_string(o.writer[1].bytes));
  EXPECT_EQ(w1.at("eagain").dump(), std::to_string(o.writer[1].eagain));
}

TEST(JsonReport, SummaryFields) {
  const RunOutcome o = steady_outcome();
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  EXPECT_NEAR(s.at("gib_per_s").get<double>(), 2.0, 1e-5);
  EXPECT_NEAR(s.at("gib_per_s_median").get<double>(), 2.0, 1e-5);
  EXPECT_EQ(s.at("bytes").dump(), std::to_string(o.reader.back().bytes));
  EXPECT_NEAR(s.at("elapsed_s").get<double>(), 5.0, 1e-6);
  EXPECT_EQ(s.at("samples").dump(), std::to_string(o.writer.size() + o.reader.size()));
  EXPECT_EQ(s.at("dropped_samples").dump(), "3");
  EXPECT_EQ(s.at("eagain").dump(), std::to_string(o.writer.back().eagain + o.reader.back().eagain));
  const nlohmann::json& huge = s.at("huge_pages");
  ASSERT_TRUE(huge.is_object());
  EXPECT_TRUE(huge.at("requested").get<bool>());
  EXPECT_TRUE(huge.at("verified").get<bool>());
  EXPECT_EQ(huge.at("detail").get<std::string>(), "2 of 2 buffers in huge pages");
  EXPECT_FALSE(s.contains("verify")) << "verify appears only when --verify was set";
  EXPECT_EQ(s.at("command").get<std::string>(), run_command_line(o.config));
}

TEST(JsonReport, VerifyObjectOnlyWithVerify) {
  const RunOutcome o = with_verify(steady_outcome());
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  ASSERT_TRUE(s.contains("verify"));
  EXPECT_EQ(s.at("verify").at("bytes_checked").dump(), std::to_string(10 * kGiB));
  EXPECT_EQ(s.at("verify").at("mismatches").dump(), "0");
  EXPECT_TRUE(s.at("config").at("verify").get<bool>());
  EXPECT_TRUE(s.at("verify").at("ok").get<bool>());
  EXPECT_TRUE(s.at("ok").get<bool>());
  EXPECT_TRUE(s.at("problems").empty());

  RunOutcome bad = o;
  bad.verify = VerifyResult{4096, 2, 777};
  const nlohmann::json b = json_lines(run_report(OutputFormat::json, bad)).back();
  EXPECT_EQ(b.at("verify").at("mismatches").dump(), "2");
  EXPECT_EQ(b.at("verify").at("first_mismatch").dump(), "777");
  // What a script checks to see that the run failed, and why.
  EXPECT_FALSE(b.at("verify").at("ok").get<bool>());
  EXPECT_FALSE(b.at("ok").get<bool>());
  ASSERT_EQ(b.at("problems").size(), 1U);
  EXPECT_NE(b.at("problems")[0].get<std::string>().find("stream offset 777"), std::string::npos);
}

TEST(JsonReport, ConfigKeysAreTheCliOptionNames) {
  const RunOutcome o = steady_outcome();
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  const nlohmann::json& config = s.at("config");
  ASSERT_TRUE(config.is_object());
  for (const char* key :
       {"writer", "reader", "huge-pages", "busy-loop", "poll", "gift", "lock-memory", "no-touch", "same-buffer",
        "verify", "buffer-size", "pipe-size", "writer-cpu", "reader-cpu", "interval", "duration", "bytes"}) {
    EXPECT_TRUE(config.contains(key)) << key;
  }
  // Every key is an option that run_command_line writes for a config where nothing is a default.
  RunConfig all;
  all.writer = WriterKind::vmsplice;
  all.reader = ReaderKind::splice;
  all.huge_pages = all.busy_loop = all.poll = all.gift = all.lock_memory = all.no_touch = all.same_buffer = all.verify =
      true;
  all.buffer_bytes = kMiB;
  all.pipe_bytes = 512 * kKiB;
  all.writer_cpu = 1;
  all.reader_cpu = 2;
  all.interval_ns = 20 * kMs;
  all.duration_ns = 9 * kNsPerS;
  all.bytes_limit = kGiB;
  all.events = {"cache-misses"};
  all.user_only = all.no_counters = true;
  const std::string command = run_command_line(all) + " ";
  for (const auto& [key, value] : config.items()) {
    EXPECT_NE(command.find(" --" + key + " "), std::string::npos) << "config key '" << key << "' is not a CLI option";
  }
  EXPECT_EQ(config.at("writer").get<std::string>(), "vmsplice");
  EXPECT_EQ(config.at("reader").get<std::string>(), "read");
  EXPECT_TRUE(config.at("busy-loop").get<bool>());
  EXPECT_FALSE(config.at("poll").get<bool>());
  EXPECT_EQ(config.at("buffer-size").dump(), std::to_string(256 * kKiB));
  EXPECT_EQ(config.at("pipe-size").dump(), std::to_string(128 * kKiB));
  EXPECT_EQ(config.at("writer-cpu").dump(), "0");
  EXPECT_EQ(config.at("reader-cpu").dump(), "2");
  EXPECT_EQ(config.at("interval").get<std::string>(), "100ms");
  EXPECT_EQ(config.at("duration").get<std::string>(), "5s");
  EXPECT_TRUE(config.at("bytes").is_null());
}

TEST(JsonReport, FailureIsReported) {
  RunOutcome o = steady_outcome();
  o.end = EndReason::worker_failed;
  o.failure = "reader: read: Bad address [EFAULT]";
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  EXPECT_EQ(s.at("end").get<std::string>(), "worker failed");
  EXPECT_EQ(s.at("failure").get<std::string>(), o.failure);
}

// ---------------------------------------------------------------- no NaN or inf anywhere

RunOutcome zero_interval_outcome() {
  RunOutcome o = with_verify(steady_outcome());
  o.writer = samples(kT0, 0, 5, kMiB, 1);  // every sample at the same instant
  o.reader = samples(kT0, 0, 5, kMiB, 1);
  return o;
}

RunOutcome empty_outcome() {
  RunOutcome o;
  o.end = EndReason::interrupted;
  return o;
}

RunOutcome single_sample_outcome() {
  RunOutcome o;
  o.writer = samples(kT0, 0, 1, 0);
  o.reader = samples(kT0, 0, 1, 0);
  return o;
}

TEST(Reports, NeverPrintNanOrInf) {
  for (OutputFormat format : {OutputFormat::text, OutputFormat::csv, OutputFormat::json}) {
    for (const RunOutcome& o : {zero_interval_outcome(), empty_outcome(), single_sample_outcome(), steady_outcome()}) {
      const std::string text = joined(run_report(format, o));
      expect_no_nan_or_inf(text);
      if (format == OutputFormat::json) (void)json_lines({text});
    }
  }
}

TEST(Reports, ZeroIntervalGivesNoRateRatherThanANumber) {
  const RunOutcome o = zero_interval_outcome();
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  EXPECT_TRUE(s.at("gib_per_s").is_null());
  EXPECT_TRUE(s.at("gib_per_s_median").is_null());
  EXPECT_EQ(s.at("elapsed_s").get<double>(), 0.0);
  const auto csv = split(lines(run_report(OutputFormat::csv, o).back()).at(0), ',');
  ASSERT_EQ(csv.size(), 7u);
  EXPECT_EQ(csv[6], "");
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("no rate"), std::string::npos) << text;
}

// ---------------------------------------------------------------- text

TEST(TextReport, OneLinePerSecondOfReaderSamples) {
  const RunOutcome o = steady_outcome();  // 5 s of samples every 100 ms
  auto report = make_report(OutputFormat::text);
  EXPECT_EQ(report->header({}), "");
  std::vector<std::string> printed;
  for (std::size_t i = 0; i < o.reader.size(); ++i) {
    EXPECT_EQ(report->sample(WorkerRole::writer, o.writer[i]), "") << "writer samples print nothing";
    const std::string line = report->sample(WorkerRole::reader, o.reader[i]);
    if (line.empty()) continue;
    EXPECT_EQ(i % 10, 0u) << "a line at sample " << i << ", not on a second boundary: " << line;
    EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1) << line;
    EXPECT_NE(line.find("2.00 GiB/s"), std::string::npos) << line;
    printed.push_back(line);
  }
  ASSERT_EQ(printed.size(), 5u);
  EXPECT_NE(printed[0].find("1.00s"), std::string::npos) << printed[0];
  EXPECT_NE(printed[4].find("5.00s"), std::string::npos) << printed[4];
  EXPECT_NE(printed[4].find(format_size(o.reader[50].bytes)), std::string::npos) << printed[4];
}

// Regression: after a gap in the reader's samples (e.g. samples dropped), the text report
// "catches up" one line per sample: with samples at 0..1 s, then 4.0 s, 4.1 s, 4.2 s..., it prints
// lines at 4.0 s, 4.1 s and 4.2 s (the last two with 100 ms rates) instead of one line per second.
TEST(TextReport, GapInSamplesDoesNotBurstLines) {
  std::vector<Sample> reader = samples(kT0, 100 * kMs, 11, kGiB / 10);           // 0 .. 1.0 s
  for (const Sample& s : samples(kT0 + 4000 * kMs, 100 * kMs, 21, kGiB / 10)) {  // 4.0 .. 6.0 s
    reader.push_back(Sample{s.t_ns, reader[10].bytes + s.bytes, 0, 0});
  }
  auto report = make_report(OutputFormat::text);
  std::vector<std::int64_t> line_times;
  for (const Sample& s : reader) {
    if (!report->sample(WorkerRole::reader, s).empty()) line_times.push_back(s.t_ns - kT0);
  }
  for (std::size_t i = 1; i < line_times.size(); ++i) {
    EXPECT_GE(line_times[i] - line_times[i - 1], 900 * kMs) << "line " << i;
  }
}

TEST(TextReport, SummaryDescribesTheRun) {
  const RunOutcome o = with_verify(steady_outcome());
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("vmsplice → read"), std::string::npos) << text;
  EXPECT_NE(text.find("busy loop"), std::string::npos) << text;
  EXPECT_NE(text.find("2.00 GiB/s"), std::string::npos) << text;
  EXPECT_NE(text.find("buffer 256 KiB"), std::string::npos) << text;
  EXPECT_NE(text.find("pipe 128 KiB"), std::string::npos) << text;
  EXPECT_NE(text.find("3 dropped"), std::string::npos) << text;
  EXPECT_NE(text.find("verified: 2 of 2 buffers in huge pages"), std::string::npos) << text;
  EXPECT_NE(text.find("10 GiB checked, 0 mismatches"), std::string::npos) << text;
  EXPECT_NE(text.find("duration reached"), std::string::npos) << text;
  EXPECT_NE(text.find(run_command_line(o.config)), std::string::npos) << text;
}

TEST(TextReport, SummaryOmitsHugePagesAndVerifyWhenNotRequested) {
  RunOutcome o = steady_outcome();
  o.config.huge_pages = false;
  o.huge_pages = HugePageResult{};
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_EQ(text.find("huge pages"), std::string::npos) << text;
  EXPECT_EQ(text.find("verify"), std::string::npos) << text;
  EXPECT_EQ(text.find("kernel default"), std::string::npos) << "vmsplice asks for a pipe size: " << text;
}

TEST(TextReport, SummaryMarksTheKernelDefaultPipeSize) {
  RunOutcome o = steady_outcome();
  o.config.writer = WriterKind::write;
  o.pipe_bytes = 64 * kKiB;
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("write → read"), std::string::npos) << text;
  EXPECT_NE(text.find("pipe 64 KiB (kernel default)"), std::string::npos) << text;
  EXPECT_NE(text.find("cpu 0→2"), std::string::npos) << text;
}

TEST(TextReport, SummaryReportsMismatchesAndFailures) {
  RunOutcome o = with_verify(steady_outcome());
  o.verify = VerifyResult{kMiB, 5, 12345};
  o.huge_pages.verified = false;
  o.huge_pages.detail = "THP disabled";
  o.end = EndReason::worker_failed;
  o.failure = "writer died";
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("5 mismatches (first at stream offset 12345)"), std::string::npos) << text;
  EXPECT_NE(text.find("NOT verified: THP disabled"), std::string::npos) << text;
  EXPECT_NE(text.find("worker failed: writer died"), std::string::npos) << text;
}

}  // namespace
}  // namespace pipetop

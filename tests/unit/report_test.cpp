#include "pipetop/core/report/report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fake_run.hpp"
#include "no_nan_or_inf.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

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
FakeRun steady_run() {
  FakeRun o;
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
  o.rest.dropped_samples = 3;
  o.huge_pages = HugePageResult{true, true, "2 of 2 buffers in huge pages"};
  o.rest.end = EndReason::duration;
  return o;
}

FakeRun with_verify(FakeRun o) {
  o.config.verify = true;
  o.rest.verify = VerifyResult{10 * kGiB, 0, 0};
  return o;
}

// Every sample of both workers, reported to the collecting report, returning all text in order:
// [header, sample outputs..., summary].
std::vector<std::string> run_report(OutputFormat format, const FakeRun& o) {
  auto report = make_report(format);
  std::vector<std::string> out;
  out.push_back(report->header({}));
  for (std::size_t i = 0; i < std::max(o.writer.size(), o.reader.size()); ++i) {
    if (i < o.writer.size()) out.push_back(report->sample(WorkerRole::writer, o.writer[i]));
    if (i < o.reader.size()) out.push_back(report->sample(WorkerRole::reader, o.reader[i]));
  }
  out.push_back(report->summary(o.outcome()));
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
  const FakeRun o = steady_run();
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
  const FakeRun o = steady_run();
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
  const FakeRun o = steady_run();
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
  const FakeRun o = steady_run();
  const std::vector<std::string> out = run_report(OutputFormat::json, o);
  EXPECT_EQ(out.front(), "") << "JSON Lines has no header";
  for (std::size_t i = 1; i < out.size(); ++i) {
    ASSERT_FALSE(out[i].empty());
    EXPECT_EQ(out[i].back(), '\n');
    const auto newlines = std::count(out[i].begin(), out[i].end(), '\n');
    EXPECT_TRUE(newlines == 1 ||
                (newlines == 2 && out[i].find("\n{\"schema_version\":1,\"type\":\"progress\"") != std::string::npos))
        << "one line per event, and a reader's sample may bring the progress line: " << out[i];
  }
  const std::vector<nlohmann::json> objects = json_lines(out);
  std::size_t samples = 0;
  std::size_t progress = 0;
  for (std::size_t i = 0; i + 1 < objects.size(); ++i) {
    const std::string type = objects[i].at("type").get<std::string>();
    samples += type == "sample" ? 1U : 0U;
    progress += type == "progress" ? 1U : 0U;
  }
  EXPECT_EQ(samples, o.writer.size() + o.reader.size());
  EXPECT_EQ(progress, 5U) << "the reader's 5 s: one a whole second";
  EXPECT_EQ(objects.size(), samples + progress + 1);
  EXPECT_EQ(objects.back().at("type").get<std::string>(), "summary");
}

// The meter's figures a second, for a logger: paced by the worker pipetop measures with, and with the
// stream's expected size the share done and the time left (text adds them to its line per second).
TEST(JsonReport, AProgressLineASecondWithTheShareDoneAndTheTimeLeft) {
  const FakeRun o = steady_run();  // 2 GiB/s
  for (const WorkerRole paced_by : {WorkerRole::reader, WorkerRole::writer}) {
    auto report = make_report(OutputFormat::json, nullptr, {paced_by, 10 * kGiB});
    std::vector<nlohmann::json> progress;
    for (std::size_t i = 0; i < o.reader.size(); ++i) {
      for (const auto& [role, sample] :
           {std::pair{WorkerRole::writer, o.writer[i]}, {WorkerRole::reader, o.reader[i]}}) {
        const std::string text = report->sample(role, sample);
        const std::size_t at = text.find("{\"schema_version\":1,\"type\":\"progress\"");
        if (at == std::string::npos) continue;
        EXPECT_EQ(role, paced_by);
        progress.push_back(*test_json::parse(text.substr(at)));
      }
    }
    ASSERT_EQ(progress.size(), 5U);
    EXPECT_NEAR(progress[0].at("t_s").get<double>(), 1.0, 1e-9);
    EXPECT_NEAR(progress[0].at("gib_per_s").get<double>(), 2.0, 1e-6);
    EXPECT_NEAR(progress[0].at("percent").get<double>(), 20.0, 1e-6);
    EXPECT_NEAR(progress[0].at("eta_s").get<double>(), 4.0, 1e-6);
    EXPECT_NEAR(progress[3].at("percent").get<double>(), 80.0, 1e-6);
  }
  auto text = make_report(OutputFormat::text, nullptr, {WorkerRole::reader, 10 * kGiB});
  std::string lines;
  for (const Sample& s : o.reader) lines += text->sample(WorkerRole::reader, s);
  EXPECT_NE(lines.find(" total  19% · ETA 0:00:05\n"), std::string::npos) << lines;
}

// Issue 12: every JSON document pipetop writes begins with its schema version, each line of JSON
// Lines included, so a reader can check it before reading the rest.
TEST(JsonReport, EveryLineBeginsWithTheSchemaVersion) {
  const std::vector<std::string> out = run_report(OutputFormat::json, steady_run());
  for (std::size_t i = 1; i < out.size(); ++i) {
    EXPECT_TRUE(out[i].starts_with("{\"schema_version\":" + std::to_string(kSchemaVersion) + ",")) << out[i];
  }
}

TEST(JsonReport, SampleObjects) {
  const FakeRun o = steady_run();
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
  const FakeRun o = steady_run();
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
  const FakeRun o = with_verify(steady_run());
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  ASSERT_TRUE(s.contains("verify"));
  EXPECT_EQ(s.at("verify").at("bytes_checked").dump(), std::to_string(10 * kGiB));
  EXPECT_EQ(s.at("verify").at("mismatches").dump(), "0");
  EXPECT_TRUE(s.at("config").at("verify").get<bool>());
  EXPECT_TRUE(s.at("verify").at("ok").get<bool>());
  EXPECT_TRUE(s.at("ok").get<bool>());
  EXPECT_TRUE(s.at("problems").empty());

  FakeRun bad = o;
  bad.rest.verify = VerifyResult{4096, 2, 777};
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
  const FakeRun o = steady_run();
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
  all.transport = TransportKind::fifo;
  all.huge_pages = all.busy_loop = all.poll = all.gift = all.lock_memory = all.no_touch = all.same_buffer = all.verify =
      all.zerocopy = true;
  all.buffer_offset = 2048;
  all.buffer_bytes = kMiB;
  all.pipe_bytes = 512 * kKiB;
  all.writer_cpu = 1;
  all.reader_cpu = 2;
  all.interval_ns = 20 * kMs;
  all.duration_ns = 9 * kNsPerS;
  all.bytes_limit = kGiB;
  all.events = {"cache-misses"};
  all.user_only = all.no_counters = true;
  // --huge-pages and --no-touch are how thp and no prefault are written: pages and prefault reach the
  // command line in a second config that names other choices.
  RunConfig pages = all;
  pages.huge_pages = pages.no_touch = false;
  pages.pages = PageKind::hugetlb;
  pages.prefault = Prefault::populate;
  const std::string command = run_command_line(all) + " " + run_command_line(pages) + " ";
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
  FakeRun o = steady_run();
  o.rest.end = EndReason::worker_failed;
  o.rest.failure = "reader: read: Bad address [EFAULT]";
  const nlohmann::json s = json_lines(run_report(OutputFormat::json, o)).back();
  EXPECT_EQ(s.at("end").get<std::string>(), "worker failed");
  EXPECT_EQ(s.at("failure").get<std::string>(), o.rest.failure);
}

// ---------------------------------------------------------------- no NaN or inf anywhere

FakeRun zero_interval_run() {
  FakeRun o = with_verify(steady_run());
  o.writer = samples(kT0, 0, 5, kMiB, 1);  // every sample at the same instant
  o.reader = samples(kT0, 0, 5, kMiB, 1);
  return o;
}

FakeRun empty_run() {
  FakeRun o;
  o.rest.end = EndReason::interrupted;
  return o;
}

FakeRun single_sample_run() {
  FakeRun o;
  o.writer = samples(kT0, 0, 1, 0);
  o.reader = samples(kT0, 0, 1, 0);
  return o;
}

TEST(Reports, NeverPrintNanOrInf) {
  for (OutputFormat format : {OutputFormat::text, OutputFormat::csv, OutputFormat::json}) {
    for (const FakeRun& o : {zero_interval_run(), empty_run(), single_sample_run(), steady_run()}) {
      const std::string text = joined(run_report(format, o));
      expect_no_nan_or_inf(text);
      if (format == OutputFormat::json) (void)json_lines({text});
    }
  }
}

TEST(Reports, ZeroIntervalGivesNoRateRatherThanANumber) {
  const FakeRun o = zero_interval_run();
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
  const FakeRun o = steady_run();  // 5 s of samples every 100 ms
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
  const FakeRun o = with_verify(steady_run());
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
  FakeRun o = steady_run();
  o.config.huge_pages = false;
  o.huge_pages = HugePageResult{};
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_EQ(text.find("huge pages"), std::string::npos) << text;
  EXPECT_EQ(text.find("verify"), std::string::npos) << text;
  EXPECT_EQ(text.find("kernel default"), std::string::npos) << "vmsplice asks for a pipe size: " << text;
}

TEST(TextReport, SummaryMarksTheKernelDefaultPipeSize) {
  FakeRun o = steady_run();
  o.config.writer = WriterKind::write;
  o.pipe_bytes = 64 * kKiB;
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("write → read"), std::string::npos) << text;
  EXPECT_NE(text.find("pipe 64 KiB (kernel default)"), std::string::npos) << text;
  EXPECT_NE(text.find("cpu 0→2"), std::string::npos) << text;
}

TEST(TextReport, SummaryReportsMismatchesAndFailures) {
  FakeRun o = with_verify(steady_run());
  o.rest.verify = VerifyResult{kMiB, 5, 12345};
  o.huge_pages.verified = false;
  o.huge_pages.detail = "THP disabled";
  o.rest.end = EndReason::worker_failed;
  o.rest.failure = "writer died";
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("5 mismatches (first at stream offset 12345)"), std::string::npos) << text;
  EXPECT_NE(text.find("NOT verified: THP disabled"), std::string::npos) << text;
  EXPECT_NE(text.find("worker failed: writer died"), std::string::npos) << text;
}

// Issue 22 §1: a run's summary states its figure as a share of memcpy of its buffer size, with the reason it
// can or cannot reach it; without a measured ceiling it says nothing of one.
TEST(Reports, SummaryStatesTheCeilingAsAShareOfMemcpy) {
  FakeRun o = steady_run();  // vmsplice/read at 2 GiB/s
  const std::string without = run_report(OutputFormat::text, o).back();
  EXPECT_EQ(without.find("ceiling"), std::string::npos) << without;
  EXPECT_FALSE(json_lines(run_report(OutputFormat::json, o)).back().contains("ceiling"));

  o.rest.ceiling = Ceiling{256 * kKiB, 0, 50 * kMs, 8.0};
  const std::string text = run_report(OutputFormat::text, o).back();
  EXPECT_NE(text.find("  ceiling      memcpy 8.0 GiB/s (256 KiB on CPU 0, before the pair started): vmsplice/read: "
                      "one copy per byte (the reader's), at most memcpy; at 25% of memcpy\n"),
            std::string::npos)
      << text;
  const nlohmann::json c = json_lines(run_report(OutputFormat::json, o)).back().at("ceiling");
  EXPECT_EQ(c.at("memcpy_gib_per_s").get<double>(), 8.0);
  EXPECT_EQ(c.at("buffer_bytes").get<std::uint64_t>(), 256 * kKiB);
  EXPECT_EQ(c.at("cpu").get<int>(), 0);
  EXPECT_EQ(c.at("copies_per_byte").get<int>(), 1);
  EXPECT_TRUE(c.at("copies_take_turns").get<bool>());
  EXPECT_EQ(c.at("bound_gib_per_s").get<double>(), 8.0);
  EXPECT_NEAR(c.at("share").get<double>(), 0.25, 1e-4);
  EXPECT_NE(c.at("words").get<std::string>().find("at 25% of memcpy"), std::string::npos);

  o.config.reader = ReaderKind::splice;  // no copy: no bound
  EXPECT_TRUE(json_lines(run_report(OutputFormat::json, o)).back().at("ceiling").at("bound_gib_per_s").is_null());
}

}  // namespace
}  // namespace pipetop

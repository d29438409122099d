// Results anyone can rerun: the seed benchmark's CSV row (written, parsed back, malformed rows
// refused naming the column) and the JSON snapshot with the machine facts and every result.

#include "pipetop/core/export.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mini_json.hpp"
#include "pipetop/core/command_line.hpp"
#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> fields;
  while (true) {
    const std::size_t comma = line.find(',');
    fields.emplace_back(line.substr(0, comma));
    if (comma == std::string_view::npos) break;
    line.remove_prefix(comma + 1);
  }
  return fields;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---- the header ---------------------------------------------------------------------------------

TEST(SeedCsv, HeaderHasTheSeedsFourteenColumnsInOrder) {
  const std::vector<std::string> expected = {"gigabytes_per_second", "bytes_to_pipe",     "buf_size",
                                             "pipe_size",            "busy_loop",         "poll",
                                             "huge_page",            "check_huge_page",   "write_with_vmsplice",
                                             "read_with_splice",     "gift",              "lock_memory",
                                             "dont_touch_pages",     "same_buffer"};
  EXPECT_EQ(split(kSeedCsvHeader), expected);
}

// ---- seed_csv_row -------------------------------------------------------------------------------

TEST(SeedCsv, ArticlesFinalConfiguration) {
  RunConfig c;
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  c.huge_pages = true;
  c.busy_loop = true;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  EXPECT_EQ(seed_csv_row(c, 62.5, 1000, true), "62.500000,1000,262144,131072,1,0,1,1,1,1,0,0,0,0");
  EXPECT_EQ(seed_csv_row(c, 62.5, 1000, false), "62.500000,1000,262144,131072,1,0,1,0,1,1,0,0,0,0");
}

TEST(SeedCsv, WriteReadUsesTheKernelDefaultPipe) {
  EXPECT_EQ(seed_csv_row(RunConfig{}, 3.5, 3758096384u, false), "3.500000,3758096384,262144,0,0,0,0,0,0,0,0,0,0,0");
}

TEST(SeedCsv, NoRateIsZero) {
  EXPECT_EQ(seed_csv_row(RunConfig{}, std::nullopt, 0, false), "0.000000,0,262144,0,0,0,0,0,0,0,0,0,0,0");
}

TEST(SeedCsv, EveryFlagInItsColumn) {
  RunConfig c;
  c.pipe_bytes = 64 * kKiB;
  c.buffer_bytes = kMiB;
  c.poll = true;
  c.lock_memory = true;
  c.no_touch = true;
  c.same_buffer = true;
  EXPECT_EQ(seed_csv_row(c, 3.25, 5, false), "3.250000,5,1048576,65536,0,1,0,0,0,0,0,1,1,1");
  RunConfig g;
  g.writer = WriterKind::vmsplice;
  g.gift = true;
  g.buffer_bytes = kMiB;
  EXPECT_EQ(seed_csv_row(g, 6.3, 7, false), "6.300000,7,1048576,524288,0,0,0,0,1,0,1,0,0,0");
}

TEST(SeedCsv, RowsHaveFourteenColumns) {
  EXPECT_EQ(split(seed_csv_row(RunConfig{}, 1.0, 1, false)).size(), 14u);
  RunConfig c;
  c.writer = WriterKind::vmsplice;
  c.huge_pages = true;
  EXPECT_EQ(split(seed_csv_row(c, 1234567.891, 1, true)).size(), 14u);
}

// ---- parse_seed_csv_row: round trips ------------------------------------------------------------

TEST(SeedCsvParse, RoundTripsEveryFieldTheSchemaCarries) {
  int combinations = 0;
  for (const WriterKind writer : {WriterKind::write, WriterKind::vmsplice}) {
    for (const ReaderKind reader : {ReaderKind::read, ReaderKind::splice}) {
      for (const std::uint64_t buffer : {64 * kKiB, 256 * kKiB, 4 * kMiB}) {
        for (unsigned bits = 0; bits < (1u << 7); ++bits) {
          for (const bool explicit_pipe : {false, true}) {
            RunConfig c;
            c.writer = writer;
            c.reader = reader;
            c.buffer_bytes = buffer;
            c.busy_loop = (bits & 1u) != 0;
            c.poll = (bits & 2u) != 0;
            c.huge_pages = (bits & 4u) != 0;
            c.gift = (bits & 8u) != 0 && writer == WriterKind::vmsplice;
            c.lock_memory = (bits & 16u) != 0;
            c.no_touch = (bits & 32u) != 0;
            c.same_buffer = (bits & 64u) != 0;
            // An explicit pipe: any size with write, exactly one half with vmsplice (the rule).
            if (explicit_pipe) c.pipe_bytes = writer == WriterKind::write ? 64 * kKiB : buffer / 2;
            const bool verified = c.huge_pages && (bits % 3 == 0);
            const double rate = 0.125 + static_cast<double>(bits) * 1.5;
            const std::uint64_t bytes = 1000003ull * (bits + 1);
            const std::string row = seed_csv_row(c, rate, bytes, verified);
            const Result<SeedRow> parsed = parse_seed_csv_row(row);
            ASSERT_TRUE(parsed.has_value()) << row << ": " << parsed.error().message;
            const RunConfig& p = parsed->config;
            EXPECT_NEAR(parsed->gib_per_s, rate, 1e-6) << row;
            EXPECT_EQ(parsed->bytes, bytes) << row;
            EXPECT_EQ(parsed->huge_pages_verified, verified) << row;
            EXPECT_EQ(p.writer, c.writer) << row;
            EXPECT_EQ(p.reader, c.reader) << row;
            EXPECT_EQ(p.buffer_bytes, c.buffer_bytes) << row;
            EXPECT_EQ(requested_pipe_bytes(p), requested_pipe_bytes(c)) << row;
            EXPECT_EQ(p.busy_loop, c.busy_loop) << row;
            EXPECT_EQ(p.poll, c.poll) << row;
            EXPECT_EQ(p.huge_pages, c.huge_pages) << row;
            EXPECT_EQ(p.gift, c.gift) << row;
            EXPECT_EQ(p.lock_memory, c.lock_memory) << row;
            EXPECT_EQ(p.no_touch, c.no_touch) << row;
            EXPECT_EQ(p.same_buffer, c.same_buffer) << row;
            // Written back, the same row.
            EXPECT_EQ(seed_csv_row(p, parsed->gib_per_s, parsed->bytes, parsed->huge_pages_verified), row);
            ++combinations;
          }
        }
      }
    }
  }
  EXPECT_EQ(combinations, 2 * 2 * 3 * 128 * 2);
}

TEST(SeedCsvParse, PipeSizeOnlyWhenItIsNotTheDefault) {
  // write with an explicit pipe: kept.
  const Result<SeedRow> write_pipe = parse_seed_csv_row("1.0,1,262144,65536,0,0,0,0,0,0,0,0,0,0");
  ASSERT_TRUE(write_pipe.has_value());
  EXPECT_EQ(write_pipe->config.pipe_bytes, 64 * kKiB);
  // vmsplice with the pipe the rule asks for: left to the rule.
  const Result<SeedRow> rule = parse_seed_csv_row("1.0,1,262144,131072,0,0,0,0,1,0,0,0,0,0");
  ASSERT_TRUE(rule.has_value());
  EXPECT_FALSE(rule->config.pipe_bytes.has_value());
  // 0: the kernel default.
  const Result<SeedRow> none = parse_seed_csv_row("1.0,1,262144,0,0,0,0,0,0,0,0,0,0,0");
  ASSERT_TRUE(none.has_value());
  EXPECT_FALSE(none->config.pipe_bytes.has_value());
}

TEST(SeedCsvParse, WhatTheSchemaDoesNotCarryStaysDefault) {
  const Result<SeedRow> row = parse_seed_csv_row("62.5,1000,262144,131072,1,0,1,1,1,1,0,0,0,0");
  ASSERT_TRUE(row.has_value());
  const RunConfig defaults;
  EXPECT_FALSE(row->config.verify);
  EXPECT_EQ(row->config.writer_cpu, defaults.writer_cpu);
  EXPECT_EQ(row->config.reader_cpu, defaults.reader_cpu);
  EXPECT_EQ(row->config.duration_ns, defaults.duration_ns);
  EXPECT_EQ(row->config.interval_ns, defaults.interval_ns);
  EXPECT_TRUE(row->config.events.empty());
  EXPECT_EQ(run_command_line(row->config), "pipetop run --writer vmsplice --reader splice --huge-pages --busy-loop");
}

TEST(SeedCsvParse, LineEndingsAreTolerated) {
  for (const char* row : {"1.5,1,262144,0,0,0,0,0,0,0,0,0,0,0\n", "1.5,1,262144,0,0,0,0,0,0,0,0,0,0,0\r\n"}) {
    const Result<SeedRow> parsed = parse_seed_csv_row(row);
    ASSERT_TRUE(parsed.has_value()) << row;
    EXPECT_DOUBLE_EQ(parsed->gib_per_s, 1.5);
  }
}

TEST(SeedCsvParse, ReadsTheSeedsOwnRows) {
  // As the seed benchmark writes them: a rate with many decimals.
  const Result<SeedRow> parsed = parse_seed_csv_row("28.694524,10737418240,1048576,524288,1,0,1,1,1,1,1,0,0,0");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_NEAR(parsed->gib_per_s, 28.694524, 1e-9);
  EXPECT_EQ(parsed->bytes, std::uint64_t{10737418240});
  EXPECT_EQ(parsed->config.buffer_bytes, kMiB);
  EXPECT_TRUE(parsed->config.gift);
  EXPECT_TRUE(parsed->huge_pages_verified);
}

// ---- parse_seed_csv_row: malformed rows ---------------------------------------------------------

void expect_usage_error(std::string_view row, const std::string& mentions) {
  const Result<SeedRow> parsed = parse_seed_csv_row(row);
  ASSERT_FALSE(parsed.has_value()) << row;
  EXPECT_EQ(parsed.error().kind, ExitCode::usage) << row;
  EXPECT_TRUE(contains(parsed.error().message, mentions)) << row << " -> " << parsed.error().message;
}

TEST(SeedCsvParse, WrongColumnCount) {
  expect_usage_error("1.0,1,262144,0,0,0,0,0,0,0,0,0,0", "13 columns, not 14");
  expect_usage_error("1.0,1,262144,0,0,0,0,0,0,0,0,0,0,0,0", "15 columns, not 14");
  expect_usage_error("", "1 columns, not 14");
  expect_usage_error("1.0;1;262144;0;0;0;0;0;0;0;0;0;0;0", "1 columns, not 14");
}

TEST(SeedCsvParse, NonNumericColumnsAreNamed) {
  expect_usage_error(kSeedCsvHeader, "gigabytes_per_second");
  expect_usage_error("fast,1,262144,0,0,0,0,0,0,0,0,0,0,0", "gigabytes_per_second");
  expect_usage_error("1.0GiB,1,262144,0,0,0,0,0,0,0,0,0,0,0", "gigabytes_per_second");
  expect_usage_error("1.0,abc,262144,0,0,0,0,0,0,0,0,0,0,0", "bytes_to_pipe");
  expect_usage_error("1.0,-1,262144,0,0,0,0,0,0,0,0,0,0,0", "bytes_to_pipe");
  expect_usage_error("1.0,1,256k,0,0,0,0,0,0,0,0,0,0,0", "buf_size");
  expect_usage_error("1.0,1,,0,0,0,0,0,0,0,0,0,0,0", "buf_size");
  expect_usage_error("1.0,1,262144,x,0,0,0,0,0,0,0,0,0,0", "pipe_size");
}

TEST(SeedCsvParse, FlagsMustBeZeroOrOne) {
  const std::vector<std::string> names = {"busy_loop",        "poll", "huge_page",   "check_huge_page",
                                          "write_with_vmsplice", "read_with_splice", "gift", "lock_memory",
                                          "dont_touch_pages", "same_buffer"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (const char* bad : {"2", "-1", "yes", ""}) {
      std::vector<std::string> fields = split("1.0,1,262144,0,0,0,0,0,0,0,0,0,0,0");
      fields[4 + i] = bad;
      std::string row;
      for (const std::string& f : fields) row += (row.empty() ? "" : ",") + f;
      expect_usage_error(row, "bad " + names[i] + " (0 or 1)");
    }
  }
}

// (Once a bug: strtod only checked for trailing text, so an empty rate was read as 0 GiB/s.)
TEST(SeedCsvParse, EmptyRateIsMalformed) {
  expect_usage_error(",1,262144,0,0,0,0,0,0,0,0,0,0,0", "gigabytes_per_second");
}

// Regression: the rate column was read with strtod alone, which also takes
// "nan", "inf", "0x1p4" and leading blanks (" 1.5"), so a row the seed could never have written parses
// as a NaN or infinite GiB/s instead of being refused naming gigabytes_per_second.
TEST(SeedCsvParse, NonFiniteOrOddlyWrittenRateIsMalformed) {
  expect_usage_error("nan,1,262144,0,0,0,0,0,0,0,0,0,0,0", "gigabytes_per_second");
  expect_usage_error("inf,1,262144,0,0,0,0,0,0,0,0,0,0,0", "gigabytes_per_second");
  expect_usage_error(" 1.5,1,262144,0,0,0,0,0,0,0,0,0,0,0", "gigabytes_per_second");
}

// ---- snapshot_json ------------------------------------------------------------------------------

MachineFacts facts_for_snapshot() {
  MachineFacts f;
  f.cpu_model = "Intel(R) \"Quoted\" \\ Model";
  f.logical_cpus = 8;
  f.physical_cores = 4;
  f.threads_per_core = 2;
  f.kernel = "6.8.0";
  f.virtualisation = "none";
  f.thp_enabled = "madvise";
  f.thp_defrag = "madvise";
  f.pipe_max_bytes = 1048576;
  f.perf_paranoid = 2;
  f.hardware_pmu = true;
  f.pmus = {"cpu"};
  f.counters = {{"cycles", CounterState::counting, ""},
                {"instructions", CounterState::counting, ""},
                {"dTLB-load-misses", CounterState::unavailable, "not supported by this PMU"}};
  f.vmsplice_works = true;
  f.splice_works = true;
  return f;
}

// A run that moved 1 GiB/s for a second, sampled every 100 ms.
Trial moving_trial() {
  RunOutcome o;
  o.config.writer = WriterKind::vmsplice;
  o.config.reader = ReaderKind::splice;
  o.config.writer_cpu = 0;
  o.config.reader_cpu = 1;
  o.pipe_bytes = 128 * kKiB;
  for (std::int64_t i = 0; i <= 10; ++i) {
    Sample s;
    s.t_ns = 1'000'000'000 + i * 100'000'000;
    s.bytes = static_cast<std::uint64_t>(i) * (kGiB / 10);
    s.syscalls = static_cast<std::uint64_t>(i) * 10;
    o.writer.push_back(s);
    o.reader.push_back(s);
  }
  return make_trial(o);
}

Trial failed_trial() {
  RunOutcome o;
  o.end = EndReason::worker_failed;
  o.failure = "vmsplice: Bad address [EFAULT]";
  return make_trial(o);
}

TEST(SnapshotJson, MachineFactsAndResults) {
  const MachineFacts facts = facts_for_snapshot();
  const std::string text = snapshot_json(facts, {moving_trial(), failed_trial()});
  const std::optional<mini_json::Value> doc = mini_json::parse(text);
  ASSERT_TRUE(doc.has_value()) << text;
  ASSERT_TRUE(doc->is_object());
  EXPECT_EQ(doc->as_object().size(), 2u);

  ASSERT_TRUE(doc->has("machine"));
  ASSERT_TRUE(doc->at("machine").is_array());
  const mini_json::Array& machine = doc->at("machine").as_array();
  const std::vector<Fact> expected = describe_machine(facts);
  ASSERT_EQ(machine.size(), expected.size());
  for (std::size_t i = 0; i < machine.size(); ++i) {
    const mini_json::Value& fact = machine[i];
    ASSERT_TRUE(fact.is_object());
    EXPECT_EQ(fact.as_object().size(), 3u);
    ASSERT_TRUE(fact.has("name") && fact.at("name").is_string());
    ASSERT_TRUE(fact.has("value") && fact.at("value").is_string());
    ASSERT_TRUE(fact.has("meaning") && fact.at("meaning").is_string());
    EXPECT_EQ(fact.at("name").as_string(), expected[i].name);
    EXPECT_EQ(fact.at("value").as_string(), expected[i].value);
    EXPECT_EQ(fact.at("meaning").as_string(), expected[i].meaning);
  }
  EXPECT_EQ(machine.front().at("value").as_string(), "Intel(R) \"Quoted\" \\ Model");

  ASSERT_TRUE(doc->has("results"));
  ASSERT_TRUE(doc->at("results").is_array());
  const mini_json::Array& results = doc->at("results").as_array();
  ASSERT_EQ(results.size(), 2u);
  const mini_json::Value& moved = results[0];
  ASSERT_TRUE(moved.is_object());
  EXPECT_EQ(moved.at("type").as_string(), "summary");
  ASSERT_TRUE(moved.at("gib_per_s").is_number());
  EXPECT_NEAR(moved.at("gib_per_s").as_number(), 1.0, 1e-6);
  EXPECT_TRUE(moved.at("counters").is_object());
  EXPECT_TRUE(moved.at("derived").is_object());
  EXPECT_EQ(moved.at("command").as_string(),
            "pipetop run --writer vmsplice --reader splice --writer-cpu 0 --reader-cpu 1");
  const mini_json::Value& failed = results[1];
  EXPECT_EQ(failed.at("end").as_string(), "worker failed");
  EXPECT_EQ(failed.at("failure").as_string(), "vmsplice: Bad address [EFAULT]");
}

TEST(SnapshotJson, NoResults) {
  const std::optional<mini_json::Value> doc = mini_json::parse(snapshot_json(MachineFacts{}, {}));
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(doc->at("machine").is_array());
  EXPECT_FALSE(doc->at("machine").as_array().empty());
  ASSERT_TRUE(doc->at("results").is_array());
  EXPECT_TRUE(doc->at("results").as_array().empty());
}

TEST(WriteMachineJson, AnArrayInReadingOrder) {
  JsonWriter json;
  write_machine_json(json, facts_for_snapshot());
  const std::optional<mini_json::Value> doc = mini_json::parse(json.str());
  ASSERT_TRUE(doc.has_value()) << json.str();
  ASSERT_TRUE(doc->is_array());
  const mini_json::Array& facts = doc->as_array();
  ASSERT_GE(facts.size(), 3u);
  EXPECT_EQ(facts[0].at("name").as_string(), "CPU");
  EXPECT_EQ(facts[1].at("name").as_string(), "cores");
  EXPECT_EQ(facts.back().at("name").as_string(), "splice");
}

}  // namespace
}  // namespace pipetop

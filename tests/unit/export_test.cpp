// Results anyone can rerun: the commands and the seed's rows of an export, and the JSON snapshot with
// the machine facts and every result.

#include "pipetop/core/report/export.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fake_run.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/seed_benchmark.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

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
  testing::FakeRun o;
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
  return make_trial(o.outcome());
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
  const std::optional<nlohmann::json> doc = test_json::parse(text);
  ASSERT_TRUE(doc.has_value()) << text;
  ASSERT_TRUE(doc->is_object());
  EXPECT_EQ(doc->size(), 5u);
  EXPECT_TRUE(text.starts_with("{\"schema_version\":" + std::to_string(kSchemaVersion) + ",\"type\":\"export\","))
      << text;
  ASSERT_TRUE(doc->at("facts").is_object()) << "the typed facts, as check --json has them";
  EXPECT_EQ(doc->at("facts").at("cpu_model").get<std::string>(), facts.cpu_model);

  ASSERT_TRUE(doc->contains("machine"));
  ASSERT_TRUE(doc->at("machine").is_array());
  const nlohmann::json& machine = doc->at("machine");
  const std::vector<Fact> expected = describe_machine(facts);
  ASSERT_EQ(machine.size(), expected.size());
  for (std::size_t i = 0; i < machine.size(); ++i) {
    const nlohmann::json& fact = machine[i];
    ASSERT_TRUE(fact.is_object());
    EXPECT_EQ(fact.size(), 3u);
    ASSERT_TRUE(fact.contains("name") && fact.at("name").is_string());
    ASSERT_TRUE(fact.contains("value") && fact.at("value").is_string());
    ASSERT_TRUE(fact.contains("meaning") && fact.at("meaning").is_string());
    EXPECT_EQ(fact.at("name").get<std::string>(), expected[i].name);
    EXPECT_EQ(fact.at("value").get<std::string>(), expected[i].value);
    EXPECT_EQ(fact.at("meaning").get<std::string>(), expected[i].meaning);
  }
  EXPECT_EQ(machine.front().at("value").get<std::string>(), "Intel(R) \"Quoted\" \\ Model");

  ASSERT_TRUE(doc->contains("results"));
  ASSERT_TRUE(doc->at("results").is_array());
  const nlohmann::json& results = doc->at("results");
  ASSERT_EQ(results.size(), 2u);
  const nlohmann::json& moved = results[0];
  ASSERT_TRUE(moved.is_object());
  EXPECT_EQ(moved.at("type").get<std::string>(), "summary");
  ASSERT_TRUE(moved.at("gib_per_s").is_number());
  EXPECT_NEAR(moved.at("gib_per_s").get<double>(), 1.0, 1e-6);
  EXPECT_TRUE(moved.at("counters").is_object());
  EXPECT_TRUE(moved.at("derived").is_object());
  EXPECT_EQ(moved.at("command").get<std::string>(),
            "pipetop run --writer vmsplice --reader splice --writer-cpu 0 --reader-cpu 1");
  const nlohmann::json& failed = results[1];
  EXPECT_EQ(failed.at("end").get<std::string>(), "worker failed");
  EXPECT_EQ(failed.at("failure").get<std::string>(), "vmsplice: Bad address [EFAULT]");
}

// ---- the .cmd and .csv files --------------------------------------------------------------------

TEST(ExportCommands, EachResultAsPipetopAndAsTheSeedUnderAComment) {
  const std::string text = export_commands({moving_trial()});
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  ASSERT_EQ(lines.size(), 4u) << text;
  EXPECT_TRUE(lines[0].starts_with("# ")) << lines[0];
  EXPECT_TRUE(lines[1].starts_with("# ")) << lines[1];
  EXPECT_EQ(lines[2], "pipetop run --writer vmsplice --reader splice --writer-cpu 0 --reader-cpu 1");
  EXPECT_EQ(lines[3],
            "taskset -c 0 ./write --write_with_vmsplice --read_with_splice | taskset -c 1 ./read "
            "--write_with_vmsplice --read_with_splice --bytes_to_pipe=1073741820 --csv");
}

TEST(ExportCommands, AProducerAtOneEndIsRerunWithItAndHasNoSeedForm) {
  Trial t = moving_trial();
  t.outcome.other_end = OtherEnd{};
  t.outcome.other_end->words = "producer (stdin)";
  t.outcome.other_end->pid = 42;
  t.outcome.other_end->command_line = "yes";
  const std::string text = export_commands({t});
  EXPECT_NE(text.find("\nyes | pipetop run --stdin"), std::string::npos) << text;
  EXPECT_NE(text.find("# the seed benchmark has no form with a producer (stdin) at one end"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("taskset"), std::string::npos) << "no seed command for an experiment it cannot run";
}

TEST(ExportCsv, TheSeedsHeaderThenARowPerResult) {
  const std::string text = export_csv({moving_trial(), failed_trial()});
  EXPECT_EQ(text, std::string(kSeedCsvHeader) + "\n" + "1.000000,1073741820,262144,0,0,0,0,0,1,1,0,0,0,0\n" +
                      "0.000000,0,262144,0,0,0,0,0,0,0,0,0,0,0\n");
}

TEST(SnapshotJson, NoResults) {
  const std::optional<nlohmann::json> doc = test_json::parse(snapshot_json(MachineFacts{}, {}));
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(doc->at("machine").is_array());
  EXPECT_FALSE(doc->at("machine").empty());
  ASSERT_TRUE(doc->at("results").is_array());
  EXPECT_TRUE(doc->at("results").empty());
}

TEST(WriteMachineJson, AnArrayInReadingOrder) {
  JsonWriter json;
  write_machine_json(json, facts_for_snapshot());
  const std::optional<nlohmann::json> doc = test_json::parse(json.str());
  ASSERT_TRUE(doc.has_value()) << json.str();
  ASSERT_TRUE(doc->is_array());
  const nlohmann::json& facts = *doc;
  ASSERT_GE(facts.size(), 3u);
  EXPECT_EQ(facts[0].at("name").get<std::string>(), "CPU");
  EXPECT_EQ(facts[1].at("name").get<std::string>(), "cores");
  EXPECT_EQ(facts.back().at("name").get<std::string>(), "splice");
}

}  // namespace
}  // namespace pipetop

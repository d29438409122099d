// `pipetop check`, `pipetop tune` and `run --export` from the real binary on this real machine, kept
// short: the JSON document's schema field by field, progress on stderr, the tuner's text, the
// exported files, and bad durations.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using testing::slurp;
using testing::TempDir;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// ---- check --json -------------------------------------------------------------------------------

class CheckJson : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ran_ = new testing::Ran(testing::run_binary(
        {"check", "--seconds", "0.3s", "--tune-budget", "2s", "--rounds-budget", "2s", "--round", "50ms", "--json"},
        120s));
    doc_ = new std::optional<nlohmann::json>(test_json::parse(ran_->out));
  }
  static void TearDownTestSuite() {
    delete doc_;
    delete ran_;
    doc_ = nullptr;
    ran_ = nullptr;
  }
  static const testing::Ran& ran() { return *ran_; }
  static const nlohmann::json& doc() { return **doc_; }
  static bool parsed() { return doc_->has_value(); }

 private:
  static inline testing::Ran* ran_ = nullptr;
  static inline std::optional<nlohmann::json>* doc_ = nullptr;
};

TEST_F(CheckJson, ExitsZeroWithOneJsonDocumentOnStdout) {
  ASSERT_FALSE(ran().timed_out);
  EXPECT_EQ(ran().exit_code, 0) << ran().err;
  ASSERT_TRUE(parsed()) << "stdout is not exactly one JSON document:\n" << ran().out;
  ASSERT_TRUE(doc().is_object());
  EXPECT_EQ(doc().at("type").get<std::string>(), "check");
  const std::set<std::string> keys = [] {
    std::set<std::string> k;
    for (const auto& [key, value] : doc().items()) k.insert(key);
    return k;
  }();
  EXPECT_EQ(keys, (std::set<std::string>{"schema_version", "type", "facts", "machine", "pinning", "rung_seconds",
                                         "repeat", "ladder", "steps", "stability", "verdicts"}));
  ASSERT_TRUE(doc().at("schema_version").is_number());
  EXPECT_EQ(doc().at("schema_version").get<double>(), 1.0);
  EXPECT_TRUE(ran().out.starts_with("{\"schema_version\":1,")) << "first, so a reader can check it before the rest";
  // One line: nothing else (no progress, no table) on stdout.
  EXPECT_EQ(lines_of(ran().out).size(), 1u) << ran().out;
}

// Issue 20: each step (a rung against the one before it) raced in paired rounds, with its interval when
// enough rounds were kept, and the machine's stability beside it.
TEST_F(CheckJson, EachStepIsRacedInPairedRounds) {
  ASSERT_TRUE(parsed()) << ran().out;
  const nlohmann::json& steps = doc().at("steps");
  EXPECT_DOUBLE_EQ(steps.at("round_s").get<double>(), 0.05);
  EXPECT_DOUBLE_EQ(steps.at("budget_s").get<double>(), 2.0);
  EXPECT_GE(steps.at("rounds").get<double>(), 1.0);
  const nlohmann::json& each = steps.at("each");
  ASSERT_EQ(each.size() + 1, doc().at("ladder").size());
  for (std::size_t i = 0; i < each.size(); ++i) {
    EXPECT_EQ(each[i].at("rung"), doc().at("ladder")[i + 1].at("rung"));
    EXPECT_EQ(each[i].at("previous"), doc().at("ladder")[i].at("rung"));
    const std::string change = each[i].at("change").get<std::string>();
    if (each[i].at("ci95").is_null()) {
      EXPECT_EQ(change, "too few rounds");
    } else {
      const double low = each[i].at("ci95")[0].get<double>();
      const double high = each[i].at("ci95")[1].get<double>();
      EXPECT_LE(low, each[i].at("ratio").get<double>());
      EXPECT_GE(high, each[i].at("ratio").get<double>());
      EXPECT_EQ(change, low > 1 ? "faster" : high < 1 ? "slower" : "no change shown");
    }
  }
  EXPECT_TRUE(doc().at("stability").at("words").is_string());
  EXPECT_GE(doc().at("stability").at("slices").get<double>(), 0.0);
}

TEST_F(CheckJson, MachineIsAnArrayOfNamedFacts) {
  ASSERT_TRUE(parsed()) << ran().out;
  ASSERT_TRUE(doc().at("machine").is_array());
  std::vector<std::string> names;
  for (const nlohmann::json& fact : doc().at("machine")) {
    ASSERT_TRUE(fact.is_object());
    EXPECT_EQ(fact.size(), 3u);
    ASSERT_TRUE(fact.contains("name") && fact.at("name").is_string());
    ASSERT_TRUE(fact.contains("value") && fact.at("value").is_string());
    ASSERT_TRUE(fact.contains("meaning") && fact.at("meaning").is_string());
    names.push_back(fact.at("name").get<std::string>());
  }
  for (const char* required : {"CPU", "kernel", "transparent huge pages", "pipe-max-size", "perf_event_paranoid",
                               "hardware PMU", "vmsplice", "splice"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
  }
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "CPU");
  // check probes vmsplice and splice: they are never "not checked".
  for (const nlohmann::json& fact : doc().at("machine")) {
    if (fact.at("name").get<std::string>() == "vmsplice" || fact.at("name").get<std::string>() == "splice") {
      EXPECT_NE(fact.at("value").get<std::string>(), "not checked");
    }
  }
}

// Issue 22: the hugetlb fact says whether --pages hugetlb can run, or the command that reserves the pages.
TEST_F(CheckJson, TheHugetlbFactSaysWhetherPagesAreReservedForPagesHugetlb) {
  ASSERT_TRUE(parsed()) << ran().out;
  for (const nlohmann::json& fact : doc().at("machine")) {
    if (fact.at("name").get<std::string>() != "hugetlb pages") continue;
    const std::string meaning = fact.at("meaning").get<std::string>();
    EXPECT_TRUE(meaning.starts_with("--pages hugetlb can take") ||
                meaning.starts_with("--pages hugetlb is refused here: "))
        << meaning;
    return;
  }
  ADD_FAILURE() << "no hugetlb pages fact";
}

// Issue 12: every fact typed beside its words, under stable snake_case keys.
TEST_F(CheckJson, FactsAreTyped) {
  ASSERT_TRUE(parsed()) << ran().out;
  const nlohmann::json& facts = doc().at("facts");
  ASSERT_TRUE(facts.is_object());
  for (const char* key :
       {"cpus", "cores", "threads_per_core", "numa_nodes", "pipe_max_size_bytes", "page_size_bytes"}) {
    ASSERT_TRUE(facts.contains(key)) << key;
    ASSERT_TRUE(facts.at(key).is_number()) << key;
    EXPECT_GE(facts.at(key).get<double>(), 1.0) << key;
  }
  EXPECT_EQ(facts.at("cpus").get<double>(), static_cast<double>(sysconf(_SC_NPROCESSORS_ONLN)));
  EXPECT_EQ(facts.at("page_size_bytes").get<double>(), static_cast<double>(sysconf(_SC_PAGESIZE)));
  EXPECT_TRUE(facts.at("perf_event_paranoid").is_number());
  EXPECT_TRUE(facts.at("kernel").is_string());
  EXPECT_TRUE(facts.at("pmu").is_boolean());
  EXPECT_TRUE(facts.at("cap_sys_resource").is_boolean());
  for (const char* key : {"enabled", "defrag"}) {
    const nlohmann::json& v = facts.at("thp").at(key);
    ASSERT_TRUE(v.is_string() || v.is_null()) << key;
    if (v.is_string()) {
      const std::set<std::string> modes = {"always", "madvise", "never", "defer", "defer+madvise"};
      EXPECT_TRUE(modes.contains(v.get<std::string>())) << v.get<std::string>();
    }
  }
  EXPECT_TRUE(facts.at("thp").at("khugepaged").is_object());
  ASSERT_TRUE(facts.at("allowed_cpus").is_array());
  EXPECT_FALSE(facts.at("allowed_cpus").empty());
  const nlohmann::json& pinning = facts.at("default_pinning");
  EXPECT_TRUE(pinning.at("writer_cpu").is_number());
  EXPECT_TRUE(pinning.at("reader_cpu").is_number());
  EXPECT_TRUE(pinning.at("reason").get<std::string>().starts_with("cpu ")) << pinning.at("reason").get<std::string>();
  // The ladder's own pinning: the default here, as check was given no CPU.
  EXPECT_EQ(doc().at("pinning").at("reason").get<std::string>(), pinning.at("reason").get<std::string>());
  EXPECT_EQ(facts.at("topology").size(), static_cast<std::size_t>(facts.at("cpus").get<double>()));
  for (const char* key : {"hugetlb", "caches", "smt", "pressure", "vulnerabilities"}) {
    EXPECT_TRUE(facts.at(key).is_object()) << key;
  }
  // check probes: the counters and the zero-copy calls are known.
  ASSERT_TRUE(facts.at("counters").is_array());
  EXPECT_FALSE(facts.at("counters").empty());
  for (const nlohmann::json& c : facts.at("counters")) {
    const std::set<std::string> states = {"counting", "user-only", "unavailable"};
    EXPECT_TRUE(states.contains(c.at("state").get<std::string>())) << c.at("state").get<std::string>();
  }
  EXPECT_TRUE(facts.at("vmsplice").is_boolean());
  EXPECT_TRUE(facts.at("splice").is_boolean());
}

// Issue 22 §1: memcpy, read and write over the buffer size and past the last-level cache, on the writer's CPU,
// as facts; each rung's summary states its figure as a share of memcpy of its buffer size.
TEST_F(CheckJson, MemoryBandwidthIsAFactMeasuredOnTheWritersCpu) {
  ASSERT_TRUE(parsed()) << ran().out;
  const nlohmann::json& b = doc().at("facts").at("bandwidth");
  EXPECT_EQ(b.at("cpu"), doc().at("pinning").at("writer_cpu"));
  ASSERT_EQ(b.at("figures").size(), 6U);
  std::vector<std::string> loops;
  for (const nlohmann::json& f : b.at("figures")) {
    loops.push_back(f.at("loop").get<std::string>());
    EXPECT_GT(f.at("gib_per_s").get<double>(), 0.01) << f;
  }
  EXPECT_EQ(loops, (std::vector<std::string>{"memcpy", "read", "write", "memcpy", "read", "write"}));
  EXPECT_EQ(b.at("figures")[0].at("bytes").get<double>(), 256.0 * 1024);
  EXPECT_GE(b.at("figures")[3].at("bytes").get<double>(), 64.0 * 1024 * 1024) << "past the last-level cache";
  const nlohmann::json& first = doc().at("ladder").front().at("summary").at("ceiling");
  EXPECT_EQ(first.at("memcpy_gib_per_s"), b.at("figures")[0].at("gib_per_s"));
  EXPECT_EQ(first.at("copies_per_byte").get<int>(), 2) << "the first rung is write/read";
  const std::vector<std::string> machine_names = [&] {
    std::vector<std::string> names;
    for (const nlohmann::json& f : doc().at("machine")) names.push_back(f.at("name").get<std::string>());
    return names;
  }();
  EXPECT_NE(std::find(machine_names.begin(), machine_names.end(), "memcpy 256 KiB"), machine_names.end());
}

TEST_F(CheckJson, LadderHasSixRungsThenTheTunedBest) {
  ASSERT_TRUE(parsed()) << ran().out;
  ASSERT_TRUE(doc().at("ladder").is_array());
  const nlohmann::json& ladder = doc().at("ladder");
  const std::vector<std::string> rungs = {"write/read",      "write/read +busy",      "vmsplice/read",
                                          "vmsplice/splice", "vmsplice/splice +huge", "vmsplice/splice +huge +busy",
                                          "tuned best"};
  ASSERT_EQ(ladder.size(), rungs.size()) << ran().out;
  for (std::size_t i = 0; i < ladder.size(); ++i) {
    const nlohmann::json& r = ladder[i];
    ASSERT_TRUE(r.is_object()) << i;
    EXPECT_EQ(r.at("rung").get<std::string>(), rungs[i]);
    ASSERT_TRUE(r.at("gib_per_s").is_number()) << rungs[i];
    EXPECT_GT(r.at("gib_per_s").get<double>(), 0.0) << rungs[i];
    ASSERT_TRUE(r.at("speedup").is_number()) << rungs[i];
    EXPECT_GT(r.at("speedup").get<double>(), 0.0) << rungs[i];
    ASSERT_TRUE(r.at("command").is_string());
    EXPECT_TRUE(r.at("command").get<std::string>().starts_with("pipetop run")) << r.at("command").get<std::string>();
    EXPECT_FALSE(r.contains("error")) << rungs[i] << ": " << r.at("error").get<std::string>();
    const nlohmann::json& summary = r.at("summary");
    ASSERT_TRUE(summary.is_object()) << rungs[i];
    EXPECT_EQ(summary.at("type").get<std::string>(), "summary");
    EXPECT_TRUE(summary.at("gib_per_s").is_number()) << rungs[i];
    EXPECT_GT(summary.at("bytes").get<double>(), 0.0) << rungs[i];
    ASSERT_TRUE(summary.at("counters").is_object()) << rungs[i];
    EXPECT_TRUE(summary.at("counters").at("writer").is_object());
    EXPECT_TRUE(summary.at("counters").at("reader").is_object());
    EXPECT_TRUE(summary.at("derived").is_object());
    EXPECT_TRUE(summary.at("huge_pages").is_object());
    EXPECT_TRUE(summary.at("config").is_object());
  }
  EXPECT_DOUBLE_EQ(ladder.front().at("speedup").get<double>(), 1.0);
  // Each rung's strategy in its command line.
  EXPECT_FALSE(contains(ladder[0].at("command").get<std::string>(), "--writer vmsplice"));
  EXPECT_TRUE(contains(ladder[1].at("command").get<std::string>(), "--busy-loop"));
  EXPECT_TRUE(contains(ladder[2].at("command").get<std::string>(), "--writer vmsplice"));
  EXPECT_TRUE(contains(ladder[3].at("command").get<std::string>(), "--reader splice"));
  EXPECT_TRUE(contains(ladder[4].at("command").get<std::string>(), "--huge-pages"));
  EXPECT_TRUE(contains(ladder[5].at("command").get<std::string>(), "--huge-pages --busy-loop"));
  // The summary's config is the rung's.
  EXPECT_EQ(ladder[2].at("summary").at("config").at("writer").get<std::string>(), "vmsplice");
  EXPECT_EQ(ladder[2].at("summary").at("config").at("reader").get<std::string>(), "read");
  EXPECT_TRUE(ladder[4].at("summary").at("huge_pages").at("requested").get<bool>());
}

TEST_F(CheckJson, VerdictsAreStrings) {
  ASSERT_TRUE(parsed()) << ran().out;
  ASSERT_TRUE(doc().at("verdicts").is_array());
  const nlohmann::json& verdicts = doc().at("verdicts");
  EXPECT_FALSE(verdicts.empty());
  for (const nlohmann::json& v : verdicts) {
    ASSERT_TRUE(v.is_string());
    EXPECT_FALSE(v.get<std::string>().empty());
  }
}

TEST_F(CheckJson, ProgressWentToStderr) {
  EXPECT_TRUE(contains(ran().err, "check: reading machine facts")) << ran().err;
  EXPECT_TRUE(contains(ran().err, "check: rung 1/7 write/read")) << ran().err;
  EXPECT_TRUE(contains(ran().err, "check: rung 7/7 tuned best, race round 1, ")) << ran().err;
  EXPECT_TRUE(contains(ran().err, "check: rung 7/7 tuned best (run 1/")) << ran().err;
  EXPECT_FALSE(contains(ran().out, "check: rung")) << ran().out;
}

// ---- tune ---------------------------------------------------------------------------------------

TEST(TuneCli, PrintsWinnerRatioAndTheCommandThatReproducesIt) {
  const testing::Ran ran = testing::run_binary({"tune", "--budget", "3s"}, 60s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "  winner     ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "  article    ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "  ratio      ×")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "reproduce  pipetop run")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "  race       ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "  configurations raced")) << ran.out;
  EXPECT_TRUE(contains(ran.err, "tune race round 1, ")) << ran.err;
  EXPECT_FALSE(contains(ran.out, "tune race")) << ran.out;
}

// ---- run --export -------------------------------------------------------------------------------

TEST(RunExport, WritesCommandCsvAndJson) {
  const testing::TempDir dir;
  const std::string prefix = (dir.path() / "r").string();
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.5s", "--export", prefix}, 60s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.err, "exported")) << ran.err;
  ASSERT_TRUE(fs::is_regular_file(prefix + ".cmd"));
  ASSERT_TRUE(fs::is_regular_file(prefix + ".csv"));
  ASSERT_TRUE(fs::is_regular_file(prefix + ".json"));

  // Two comment lines, then the pipetop command and the seed's for the same experiment.
  const std::vector<std::string> cmd = lines_of(testing::slurp(prefix + ".cmd"));
  ASSERT_EQ(cmd.size(), 4u);
  EXPECT_TRUE(cmd[0].starts_with("# ")) << cmd[0];
  EXPECT_TRUE(cmd[2].starts_with("pipetop run")) << cmd[2];
  EXPECT_TRUE(contains(cmd[2], "--duration 500ms")) << cmd[2];
  EXPECT_TRUE(cmd[3].starts_with("taskset -c ")) << cmd[3];
  EXPECT_TRUE(contains(cmd[3], "./write")) << cmd[3];
  EXPECT_TRUE(contains(cmd[3], "--csv")) << cmd[3];

  const std::vector<std::string> csv = lines_of(testing::slurp(prefix + ".csv"));
  ASSERT_EQ(csv.size(), 2u);
  EXPECT_EQ(csv[0],
            "gigabytes_per_second,bytes_to_pipe,buf_size,pipe_size,busy_loop,poll,huge_page,check_huge_page,"
            "write_with_vmsplice,read_with_splice,gift,lock_memory,dont_touch_pages,same_buffer");
  std::vector<std::string> fields;
  std::istringstream row(csv[1]);
  for (std::string f; std::getline(row, f, ',');) fields.push_back(f);
  ASSERT_EQ(fields.size(), 14u) << csv[1];
  EXPECT_GT(std::stod(fields[0]), 0.0) << csv[1];
  EXPECT_GT(std::stoull(fields[1]), 0u) << csv[1];
  EXPECT_EQ(fields[2], "262144") << csv[1];

  const std::optional<nlohmann::json> json = test_json::parse(testing::slurp(prefix + ".json"));
  ASSERT_TRUE(json.has_value()) << testing::slurp(prefix + ".json");
  ASSERT_TRUE(json->at("machine").is_array());
  EXPECT_FALSE(json->at("machine").empty());
  ASSERT_TRUE(json->at("results").is_array());
  ASSERT_EQ(json->at("results").size(), 1u);
  EXPECT_EQ(json->at("results")[0].at("command").get<std::string>(), cmd[2]);
}

// ---- bad input ----------------------------------------------------------------------------------

TEST(CheckCliBadInput, ZeroSecondsPerRung) {
  const testing::Ran ran = testing::run_binary({"check", "--seconds", "0"}, 10s);
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_TRUE(contains(ran.err, "invalid duration '0'")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "greater than zero")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

TEST(CheckCliBadInput, TuneBudgetThatIsNoDuration) {
  const testing::Ran ran = testing::run_binary({"tune", "--budget", "abc"}, 10s);
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_TRUE(contains(ran.err, "invalid duration 'abc'")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

TEST(CheckCliBadInput, CheckTuneBudgetThatIsNoDuration) {
  const testing::Ran ran = testing::run_binary({"check", "--tune-budget", "soon"}, 10s);
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_TRUE(contains(ran.err, "invalid duration 'soon'")) << ran.err;
}

TEST(CheckCliBadInput, ARoundTooShortToMeasure) {
  const testing::Ran ran = testing::run_binary({"check", "--round", "10ms"}, 10s);
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_TRUE(contains(ran.err, "'10ms' is shorter than a slice can be measured")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

}  // namespace
}  // namespace pipetop

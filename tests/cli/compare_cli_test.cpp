// Issue 12 §3 from the real binary: `--compare BASELINE` gates a machine — exit 4
// when a figure regressed beyond the threshold and the noise, 0 otherwise — and a baseline that
// cannot be read is a usage error (2) before anything is measured.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Writes `from` to `to` with every measured figure (each rung's or the summary's GiB/s and the runs
// or windows behind it) multiplied by `factor`: a baseline from a much faster or slower machine.
void scaled_baseline(const fs::path& from, const fs::path& to, double factor) {
  const char* script = R"(
import json, sys
factor = float(sys.argv[3])
def scale(o):
    for key in ("gib_per_s", "gib_per_s_runs", "gib_per_s_windows"):
        if isinstance(o.get(key), (int, float)):
            o[key] *= factor
        elif isinstance(o.get(key), list):
            o[key] = [x * factor for x in o[key]]
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
for doc in lines:
    scale(doc)
    for rung in doc.get("ladder", []):
        scale(rung)
open(sys.argv[2], "w").write("\n".join(json.dumps(d) for d in lines) + "\n")
)";
  const testing::Ran ran =
      testing::run_program("/usr/bin/python3", {"-c", script, from.string(), to.string(), std::to_string(factor)}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
}

// A run's JSON Lines, kept in `file`.
void run_baseline(const fs::path& file) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.5s", "--format", "json", "-q"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  testing::write_file(file, ran.out);
}

TEST(RunCompare, FarSlowerThanTheBaselineExitsFour) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(run_baseline(dir.path() / "measured"));
  ASSERT_NO_FATAL_FAILURE(scaled_baseline(dir.path() / "measured", dir.path() / "fast", 100));
  const testing::Ran ran = testing::run_binary(
      {"run", "--duration", "0.5s", "-q", "--format", "json", "--compare", (dir.path() / "fast").string()}, 60s);
  EXPECT_EQ(ran.exit_code, 4) << ran.err;
  EXPECT_TRUE(contains(ran.err, "regressed beyond 10%")) << ran.err;
  const std::string last = ran.out.substr(ran.out.rfind("{\"schema_version\""));
  const std::optional<nlohmann::json> line = test_json::parse(last);
  ASSERT_TRUE(line.has_value()) << last;
  EXPECT_EQ(line->at("type").get<std::string>(), "comparison");
  EXPECT_TRUE(line->at("regressed").get<bool>());
  const nlohmann::json& m = line->at("measurements").at(0);
  EXPECT_EQ(m.at("verdict").get<std::string>(), "regressed");
  EXPECT_LT(m.at("ratio").get<double>(), 0.1);
}

TEST(RunCompare, FarFasterThanTheBaselineExitsZeroAndSaysImproved) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(run_baseline(dir.path() / "measured"));
  ASSERT_NO_FATAL_FAILURE(scaled_baseline(dir.path() / "measured", dir.path() / "slow", 0.01));
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "0.5s", "-q", "--compare", (dir.path() / "slow").string()}, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "Compared with " + (dir.path() / "slow").string())) << ran.out;
  EXPECT_TRUE(contains(ran.out, "improved")) << ran.out;
}

TEST(CheckCompare, ARungFarSlowerThanTheBaselineExitsFour) {
  const testing::TempDir dir;
  const std::vector<std::string> check{"check", "--seconds", "0.1s", "--tune-budget", "1s", "-q"};
  std::vector<std::string> args = check;
  args.emplace_back("--json");
  const testing::Ran measured = testing::run_binary(args, 120s);
  ASSERT_EQ(measured.exit_code, 0) << measured.err;
  testing::write_file(dir.path() / "measured", measured.out);
  ASSERT_NO_FATAL_FAILURE(scaled_baseline(dir.path() / "measured", dir.path() / "fast", 100));
  args = check;
  args.insert(args.end(), {"--repeat", "3", "--compare", (dir.path() / "fast").string()});
  const testing::Ran ran = testing::run_binary(args, 180s);
  EXPECT_EQ(ran.exit_code, 4) << ran.err;
  EXPECT_TRUE(contains(ran.err, "write/read ×")) << ran.err;
  EXPECT_TRUE(contains(ran.out, "REGRESSED")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "3 runs of each rung here, 1 in the baseline")) << ran.out;
}

TEST(CompareBadInput, AMissingBaselineIsAUsageErrorBeforeAnythingRuns) {
  const testing::Ran ran = testing::run_binary({"check", "--compare", "/nonexistent/base.json"}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_TRUE(contains(ran.err, "--compare /nonexistent/base.json: No such file or directory")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

TEST(CompareBadInput, ACorruptBaselineIsAUsageError) {
  const testing::TempDir dir;
  testing::write_file(dir.path() / "corrupt", "{\"schema_version\":1,\"type\":\"check\",\"ladder\":[");
  const testing::Ran ran = testing::run_binary({"check", "--compare", (dir.path() / "corrupt").string()}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_TRUE(contains(ran.err, "not JSON")) << ran.err;
}

TEST(CompareBadInput, ACheckDocumentIsNoRunBaseline) {
  const testing::TempDir dir;
  testing::write_file(dir.path() / "check", R"({"schema_version":1,"type":"check","ladder":[]})");
  const testing::Ran ran = testing::run_binary({"run", "--compare", (dir.path() / "check").string()}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_TRUE(contains(ran.err, "a `check` document, not a run's output")) << ran.err;
}

TEST(CompareBadInput, ThresholdWithoutCompareAndBadThresholdOrRepeat) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"check", "--threshold", "5%"},
                                             {"check", "--compare", "x", "--threshold", "150%"},
                                             {"check", "--repeat", "2"},
                                             {"run", "--threshold", "5"}}) {
    const testing::Ran ran = testing::run_binary(args, 10s);
    EXPECT_EQ(ran.exit_code, 2) << args[1] << " " << ran.err;
    EXPECT_FALSE(ran.err.empty());
  }
}

}  // namespace
}  // namespace pipetop

// Issue 12 §3 from the real binary: `--compare BASELINE` gates a machine — exit 4
// when a figure regressed beyond the threshold and the noise, 0 otherwise — and a baseline that
// cannot be read is a usage error (2) before anything is measured. Issue 20: `run --compare` states
// this machine's A/A spread now, measured after the run for --aa-budget, as `check --compare` does.

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
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.5s", "-q", "--format", "json", "--aa-budget",
                                                "1s", "--compare", (dir.path() / "fast").string()},
                                               60s);
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
  // This machine's A/A spread now, measured after the run, and how.
  const std::string source = line->at("aa_source").get<std::string>();
  EXPECT_TRUE(contains(source, "this configuration against itself after the run in ")) << source;
  EXPECT_TRUE(contains(source, " paired rounds of 200ms (")) << source;
  if (contains(source, "a fixed configuration varied")) {
    ASSERT_TRUE(m.contains("aa_spread")) << last;
    EXPECT_GE(m.at("aa_spread").get<double>(), 0.0);
  }
}

// The A/A after the run, in text: the table's A/A column and how it was measured; --aa-budget 0 leaves
// it out and says so; --aa-budget without --compare is a usage error.
TEST(RunCompare, TheMachinesAaSpreadNowIsStatedBesideTheComparison) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(run_baseline(dir.path() / "measured"));
  const std::string baseline = (dir.path() / "measured").string();
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "0.5s", "--aa-budget", "1s", "--compare", baseline}, 60s);
  EXPECT_NE(ran.exit_code, 2) << ran.err;
  EXPECT_TRUE(contains(ran.out, "\n  A/A now: this configuration against itself after the run in ")) << ran.out;
  if (contains(ran.out, "a fixed configuration varied ±")) {   // not when every slice was disturbed
    EXPECT_TRUE(contains(ran.out, "; A/A now ±")) << ran.out;  // the table's column
  }
  EXPECT_TRUE(contains(ran.err, "run --compare: this machine's A/A spread now, round 1")) << ran.err;

  const testing::Ran skipped =
      testing::run_binary({"run", "--duration", "0.5s", "-q", "--aa-budget", "0", "--compare", baseline}, 60s);
  EXPECT_NE(skipped.exit_code, 2) << skipped.err;
  EXPECT_TRUE(contains(skipped.out, "  A/A now: not measured (--aa-budget 0)\n")) << skipped.out;
  EXPECT_FALSE(contains(skipped.out, "; A/A now ")) << skipped.out;
  EXPECT_FALSE(contains(skipped.err, "A/A spread now, round")) << skipped.err;

  const testing::Ran alone = testing::run_binary({"run", "--duration", "0.5s", "--aa-budget", "2s"}, 10s);
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_TRUE(contains(alone.err, "--aa-budget is the time of a comparison's A/A, and there is no --compare"))
      << alone.err;
  EXPECT_TRUE(alone.out.empty()) << alone.out;
}

TEST(RunCompare, FarFasterThanTheBaselineExitsZeroAndSaysImproved) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(run_baseline(dir.path() / "measured"));
  ASSERT_NO_FATAL_FAILURE(scaled_baseline(dir.path() / "measured", dir.path() / "slow", 0.01));
  const testing::Ran ran = testing::run_binary(
      {"run", "--duration", "0.5s", "-q", "--aa-budget", "0", "--compare", (dir.path() / "slow").string()}, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "Compared with " + (dir.path() / "slow").string())) << ran.out;
  EXPECT_TRUE(contains(ran.out, "improved")) << ran.out;
}

// A baseline of another configuration is no baseline: the ratio of two configurations read as
// "REGRESSED -91%" with exit 4. Refused before anything runs, naming the options that differ.
TEST(RunCompare, ABaselineOfAnotherConfigurationIsRefusedBeforeTheRun) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(run_baseline(dir.path() / "measured"));
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.5s", "-q", "--busy-loop", "--buffer-size", "1M",
                                                "--compare", (dir.path() / "measured").string()},
                                               60s);
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_TRUE(contains(ran.err, "measured another configuration")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "busy-loop false there, true here")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "buffer-size 262144 there, 1048576 here")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "pipetop ab")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << "it ran:\n" << ran.out;
  // Another CPU or duration is the same experiment: compared as before.
  const testing::Ran longer = testing::run_binary(
      {"run", "--duration", "0.6s", "-q", "--aa-budget", "0", "--compare", (dir.path() / "measured").string()}, 60s);
  EXPECT_NE(longer.exit_code, 2) << longer.err;
  EXPECT_TRUE(contains(longer.out, "Compared with")) << longer.out;
}

TEST(CheckCompare, ARungFarSlowerThanTheBaselineExitsFour) {
  const testing::TempDir dir;
  const std::vector<std::string> check{"check",           "--seconds", "0.1s",    "--tune-budget", "1s",
                                       "--rounds-budget", "2s",        "--round", "50ms",          "-q"};
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
  EXPECT_TRUE(contains(ran.out, "  A/A now: each rung raced against its neighbours in ")) << ran.out;
}

TEST(CompareBadInput, AMissingBaselineIsAUsageErrorBeforeAnythingRuns) {
  const testing::Ran ran = testing::run_binary({"check", "--compare", "/nonexistent/base.json"}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_TRUE(contains(ran.err, "--compare: cannot read /nonexistent/base.json: No such file or directory")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

TEST(CompareBadInput, ACorruptBaselineIsAUsageError) {
  const testing::TempDir dir;
  testing::write_file(dir.path() / "corrupt", "{\"schema_version\":1,\"type\":\"check\",\"ladder\":[");
  const testing::Ran ran = testing::run_binary({"check", "--compare", (dir.path() / "corrupt").string()}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_TRUE(contains(ran.err, "not valid JSON")) << ran.err;
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

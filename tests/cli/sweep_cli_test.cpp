// pipetop sweep through the real binary, with tiny budgets: bad input refused before anything runs
// with a message naming the problem (exit 2; 3 for a value this machine refuses), a JSON sweep whose
// points and rounds add up, a text sweep with its table, and --export writing a well-formed SVG. The
// figures themselves are the unit tests' to check (fake runner): on a shared 2-CPU machine any slice
// may be disturbed.

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct BadSweep {
  const char* name;
  std::vector<std::string> args;  // after "sweep"
  std::vector<std::string> says;
};

void PrintTo(const BadSweep& c, std::ostream* os) {
  *os << c.name;
}

class SweepBadInputTest : public ::testing::TestWithParam<BadSweep> {};

TEST_P(SweepBadInputTest, ExitsWithAClearMessage) {
  const BadSweep& c = GetParam();
  std::vector<std::string> args{"sweep"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  const testing::Ran ran = testing::run_binary(args, 10s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  for (const std::string& phrase : c.says) EXPECT_TRUE(contains(ran.err, phrase)) << phrase << " in\n" << ran.err;
  EXPECT_TRUE(ran.out.empty()) << "nothing may run on bad input:\n" << ran.out;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SweepBadInputTest,
    ::testing::Values(
        BadSweep{"nothing_to_sweep", {}, {"sweep needs what to vary and the values: OPTION FROM..TO"}},
        BadSweep{"no_range", {"buffer-size"}, {"OPTION FROM..TO", "pipetop sweep buffer-size 4KiB..4MiB"}},
        BadSweep{"unknown_option",
                 {"bufer-size", "4KiB..4MiB"},
                 {"sweep cannot vary 'bufer-size'", "did you mean buffer-size?"}},
        BadSweep{"backwards", {"buffer-size", "4MiB..4KiB"}, {"'4MiB..4KiB' runs backwards: FROM is above TO"}},
        BadSweep{"not_a_range", {"pipe-size", "64K-1M"}, {"'64K-1M' is not a range FROM..TO"}},
        BadSweep{"bad_bound", {"pipe-size", "64K..1Q"}, {"TO of '64K..1Q': invalid size '1Q'"}},
        BadSweep{"one_value", {"buffer-size", "1M..1M"}, {"holds one value: a sweep needs two"}},
        BadSweep{"too_many", {"buffer-size", "1..1G"}, {"31 values and a sweep runs 24 at most", "--steps N"}},
        BadSweep{"bad_steps", {"buffer-size", "64K..1M", "--steps", "1"}, {"--steps: '1' is not a number of values"}},
        BadSweep{"swept_option_given",
                 {"buffer-size", "64K..1M", "--buffer-size", "1M"},
                 {"--buffer-size is what this sweep varies: its values come from 64K..1M"}},
        BadSweep{"value_refused_by_the_rules",
                 {"pipe-size", "64K..256K", "--writer", "vmsplice"},
                 {"sweep pipe-size at 64 KiB: --pipe-size 64 KiB contradicts --writer vmsplice"}},
        BadSweep{"offset_outside_the_page",
                 {"buffer-offset", "0..8192"},
                 {"sweep buffer-offset at 8192 B: --buffer-offset 8192 is not inside a page"}},
        BadSweep{"round_over_budget",
                 {"buffer-size", "4K..4M", "--budget", "1s"},
                 {"a round (11 slices of 100ms and their warm-ups) does not fit in a budget of 1s", "--budget 8s"}},
        BadSweep{
            "duration", {"buffer-size", "64K..1M", "--duration", "5s"}, {"'--duration 5s' is not an option of sweep"}},
        BadSweep{"csv", {"buffer-size", "64K..1M", "--format", "csv"}, {"sweep writes text or json, not csv"}}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

// A pipe size above pipe-max-size is this machine's limit, not a typo: refused before the first round with
// the value named, and exit 3, as run refuses it.
TEST(SweepCli, APipeSizeAboveTheLimitIsRefusedByValue) {
  if (geteuid() != 0 || access("/usr/bin/setpriv", X_OK) != 0) {
    GTEST_SKIP() << "needs root and setpriv to run the binary as an unprivileged user";
  }
  const testing::Ran ran = testing::run_program(
      "/usr/bin/setpriv",
      {"--reuid=65534", "--regid=65534", "--clear-groups", PIPETOP_BINARY, "sweep", "pipe-size", "1M..64M"}, 10s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 3) << ran.err;
  EXPECT_TRUE(contains(ran.err, "sweep pipe-size at ")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "is above /proc/sys/fs/pipe-max-size")) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

// A short sweep in JSON: a point per value with its rerunnable command, rounds that add up, progress on
// stderr.
TEST(SweepCli, JsonSweep) {
  const testing::Ran ran = testing::run_binary(
      {"sweep", "buffer-size", "64KiB..256KiB", "--budget", "1s", "--round", "50ms", "--format", "json"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> doc = test_json::parse(ran.out);
  ASSERT_TRUE(doc) << ran.out;
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["type"], "sweep");
  EXPECT_EQ(j["option"], "buffer-size");
  ASSERT_EQ(j["points"].size(), 3u);
  EXPECT_EQ(j["points"][0]["value"], 65536);
  EXPECT_EQ(j["points"][1]["value"], 131072);
  EXPECT_EQ(j["points"][2]["value"], 262144);
  EXPECT_TRUE(contains(j["points"][0]["command"].get<std::string>(), "--buffer-size 64KiB --writer-cpu "))
      << j["points"][0]["command"];
  EXPECT_EQ(j["points"][0]["reference"], true);
  EXPECT_GE(j["each_round"].size(), 1u);
  for (const nlohmann::json& round : j["each_round"]) EXPECT_EQ(round["order"].size(), 3u) << round;
  EXPECT_TRUE(contains(ran.err, "sweep: round 1 · ")) << "progress on stderr:\n" << ran.err;
}

TEST(SweepCli, TextSweepOfOffsets) {
  const testing::Ran ran =
      testing::run_binary({"sweep", "buffer-offset", "0..64", "--budget", "1s", "--round", "50ms"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(ran.out.starts_with("sweep buffer-offset: 0 B, 16 B and 64 B\nreference  0 B: ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "\n  value       GiB/s  95% CI       × 0 B")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "\n  16 B   ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "\n  stopped    ")) << ran.out;
  EXPECT_FALSE(contains(ran.out, "caches")) << "offsets are not sizes";
}

// --export writes the curve as well-formed SVG and the JSON document; files that exist are refused
// before anything runs.
TEST(SweepCli, ExportWritesTheCurve) {
  const testing::TempDir dir;
  const std::string prefix = (dir.path() / "curve").string();
  const testing::Ran ran = testing::run_binary(
      {"sweep", "buffer-size", "64KiB..128KiB", "--budget", "1s", "--round", "50ms", "--export", prefix}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.err, "pipetop: exported " + prefix + ".{svg,json}")) << ran.err;
  const std::string svg = testing::slurp(prefix + ".svg");
  EXPECT_TRUE(contains(svg, ">buffer-size (log scale)<")) << svg;
  const testing::Ran lint = testing::run_program("/usr/bin/xmllint", {"--noout", prefix + ".svg"}, 10s);
  EXPECT_EQ(lint.exit_code, 0) << lint.err;
  EXPECT_TRUE(test_json::parse(testing::slurp(prefix + ".json"))) << "the JSON document beside it";

  const testing::Ran again = testing::run_binary(
      {"sweep", "buffer-size", "64KiB..128KiB", "--budget", "1s", "--round", "50ms", "--export", prefix}, 10s);
  EXPECT_EQ(again.exit_code, 2) << again.err;
  EXPECT_TRUE(contains(again.err, "--export: " + prefix + ".svg exists")) << again.err;
  EXPECT_TRUE(again.out.empty()) << again.out;
}

}  // namespace
}  // namespace pipetop

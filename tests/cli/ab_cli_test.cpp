// pipetop ab through the real binary, with short budgets: bad input refused with a message naming the
// side and the problem (exit 2, nothing run), a text race with a line per round and the verdict, and a
// JSON race whose rounds add up, both sides on the same CPUs, and B as a command (--b-command): what it
// is given, its failures, what it leaves running. The figures themselves are the engine's unit tests'
// to check: on a shared 2-CPU machine any round may be disturbed.

#include <gtest/gtest.h>

#include <sstream>
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

// `pipetop ab ARGS --format json` through the real binary: its document, once it exited 0 with one
// (nullopt, the failure reported, otherwise); `ran` holds the rest.
std::optional<nlohmann::json> race_json(std::vector<std::string> args, testing::Ran& ran) {
  args.insert(args.begin(), "ab");
  args.insert(args.end(), {"--format", "json"});
  ran = testing::run_binary(args, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  if (ran.exit_code != 0) return std::nullopt;
  std::optional<nlohmann::json> doc = test_json::parse(ran.out);
  EXPECT_TRUE(doc) << ran.out;
  return doc;
}

struct BadAb {
  const char* name;
  std::vector<std::string> args;  // after "ab"
  int exit_code;
  std::vector<std::string> says;
};

void PrintTo(const BadAb& c, std::ostream* os) {
  *os << c.name;
}

class AbBadInputTest : public ::testing::TestWithParam<BadAb> {};

TEST_P(AbBadInputTest, ExitsWithAClearMessage) {
  const BadAb& c = GetParam();
  std::vector<std::string> args{"ab"};
  args.insert(args.end(), c.args.begin(), c.args.end());
  const testing::Ran ran = testing::run_binary(args, 10s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, c.exit_code) << ran.err;
  for (const std::string& phrase : c.says) EXPECT_TRUE(contains(ran.err, phrase)) << phrase << " in\n" << ran.err;
  EXPECT_TRUE(ran.out.empty()) << "no round may run on bad input:\n" << ran.out;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, AbBadInputTest,
    ::testing::Values(
        BadAb{"unknown_flag_in_a",
              {"--a", "--busy-loop --bogus", "--b", ""},
              2,
              {"--a: '--bogus' is not a configuration option", "hint: FLAGS take what pipetop run takes"}},
        BadAb{"bad_value_in_b", {"--a", "", "--b", "--buffer-size 12Q"}, 2, {"--b: --buffer-size: invalid size '12Q'"}},
        BadAb{"duration_in_flags",
              {"--a", "--duration 5s", "--b", ""},
              2,
              {"'--duration 5s' is not a configuration option", "--round, --budget"}},
        BadAb{"open_quote", {"--a", "-e 'cache-misses", "--b", ""}, 2, {"--a: the ' in", "is never closed"}},
        BadAb{"missing_b", {"--a", "--busy-loop"}, 2, {"--b is missing"}},
        BadAb{"zero_budget", {"--a", "", "--b", "", "--budget", "0"}, 2, {"--budget: invalid duration '0'"}},
        BadAb{"round_over_budget",
              {"--a", "", "--b", "", "--round", "10s", "--budget", "15s"},
              2,
              {"does not fit in a budget of 15s"}},
        BadAb{"tiny_round", {"--a", "", "--b", "", "--round", "10ms"}, 2, {"--round: '10ms' is shorter"}},
        BadAb{"bad_precision",
              {"--a", "", "--b", "", "--precision", "0%"},
              2,
              {"--precision: '0%' is not a percentage", "--precision 2%"}},
        BadAb{"csv", {"--a", "", "--b", "", "--format", "csv"}, 2, {"ab writes text or json, not csv"}},
        BadAb{"option_outside",
              {"--busy-loop", "--a", "", "--b", ""},
              2,
              {"'--busy-loop' is not an option of ab", "inside --a"}},
        BadAb{"command", {"--a", "", "--b", "", "--", "yes"}, 2, {"-- COMMAND is measured by the dashboard"}},
        BadAb{"side_refused_here", {"--a", "--gift", "--b", ""}, 2, {"A: --gift needs --writer vmsplice"}},
        BadAb{"cpu_not_here", {"--a", "", "--b", "--writer-cpu 4096"}, 3, {"B: --writer-cpu 4096"}},
        BadAb{"b_twice",
              {"--a", "", "--b", "", "--b-command", "echo 1"},
              2,
              {"--b and --b-command both give B: give one"}},
        BadAb{"empty_b_command", {"--a", "", "--b-command", " "}, 2, {"--b-command is empty"}},
        BadAb{"a_refused_against_a_command",
              {"--a", "--writer-cpu 4096", "--b-command", "echo 1"},
              3,
              {"A: --writer-cpu 4096"}}));

// A short race in text: the two sides, a line per round as it completes (ABBA), then the verdict,
// how it stopped, both sides and the machine's stability.
TEST(AbCli, TextRaceLineByLine) {
  const testing::Ran ran = testing::run_binary(
      {"ab", "--a", "--busy-loop", "--b", "", "--budget", "3s", "--round", "100ms", "--precision", "0.1%"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::string& out = ran.out;
  EXPECT_TRUE(contains(out, "A  write → read · busy loop · buffer 256 KiB")) << out;
  EXPECT_TRUE(contains(out, "B  write → read · buffer 256 KiB")) << out;
  EXPECT_TRUE(contains(out, "rounds of 100ms a side")) << out;
  EXPECT_TRUE(contains(out, "\nround   1  AB  A ")) << out;
  EXPECT_TRUE(contains(out, "\nround   2  BA  A ")) << out;
  EXPECT_TRUE(contains(out, "\n  stopped    the 3s budget ended")) << out << "\n(0.1% cannot be reached in 3 s)";
  EXPECT_TRUE(contains(out, "\n  A          ")) << out;
  EXPECT_TRUE(contains(out, "\n  stability  ")) << out;
  const bool verdict = contains(out, "\nA is ×") || contains(out, "\nno difference within ±") ||
                       contains(out, "\nno round could be compared");
  EXPECT_TRUE(verdict) << out;
}

// The same race in JSON: rounds kept and dropped are those of each_round, each side's command reruns
// it, both sides on the CPUs the one that named them gave.
TEST(AbCli, JsonRaceOnTheSameCpus) {
  testing::Ran ran;
  const std::optional<nlohmann::json> doc = race_json(
      {"--a", "--writer-cpu 1 --reader-cpu 0", "--b", "--busy-loop", "--budget", "2s", "--round", "100ms"}, ran);
  ASSERT_TRUE(doc);
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["type"], "ab");
  // the budget on a noisy VM; a quiet machine may reach ±2% in the rounds it holds
  EXPECT_TRUE(j["stop"] == "budget" || j["stop"] == "precise") << j.dump();
  EXPECT_TRUE(contains(j["b"]["command"].get<std::string>(), "--busy-loop --writer-cpu 1 --reader-cpu 0"))
      << j["b"]["command"];
  std::size_t kept = 0;
  std::size_t dropped = 0;
  for (const nlohmann::json& round : j["each_round"]) {
    const bool disturbed = round["a"]["disturbed"] == true || round["b"]["disturbed"] == true;
    if (round["kept"].get<bool>()) ++kept;
    if (!round["kept"].get<bool>() && disturbed) ++dropped;
  }
  EXPECT_GE(j["each_round"].size(), 2u);
  EXPECT_EQ(j["rounds"], kept);
  EXPECT_EQ(j["dropped"], dropped);
  EXPECT_TRUE(contains(ran.err, "ab: round   1  AB")) << "progress on stderr:\n" << ran.err;
}

TEST(AbCli, TheSameConfigurationTwiceIsAnAaRun) {
  const testing::Ran ran = testing::run_binary({"ab", "--a", "", "--b", "", "--budget", "1s", "--round", "100ms"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "A and B are the same configuration: an A/A run")) << ran.out;
}

// B as a command (here a tiny writer into dd that moves what it is asked and reports a fixed figure): it
// is given A's CPUs, its slice and the bytes that fill it at its last figure, and its figure is B's.
TEST(AbCli, BAsACommandIsGivenItsCpusAndBytes) {
  const testing::TempDir dir;
  const std::string log = (dir.path() / "runs").string();
  const std::string command = "echo \"$PIPETOP_WRITER_CPU $PIPETOP_READER_CPU $PIPETOP_BYTES $PIPETOP_SLICE_S\" >> '" +
                              log +
                              "'; head -c \"$PIPETOP_BYTES\" /dev/zero | dd of=/dev/null bs=64K 2>/dev/null; echo 0.5";
  testing::Ran ran;
  const std::optional<nlohmann::json> doc = race_json(
      {"--a", "--writer-cpu 1 --reader-cpu 0", "--b-command", command, "--budget", "5s", "--round", "100ms"}, ran);
  ASSERT_TRUE(doc);
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["b"]["command"], command);
  EXPECT_EQ(j["b"]["external"], true);
  EXPECT_TRUE(contains(j["b"]["config"].get<std::string>(), "cpu 1→0")) << j["b"]["config"];
  ASSERT_GE(j["each_round"].size(), 2u) << j.dump();
  for (const nlohmann::json& round : j["each_round"]) {
    if (round["b"].is_null()) continue;
    EXPECT_EQ(round["b"]["gib_per_s"], 0.5) << round.dump();
    EXPECT_EQ(round["b"]["disturbed"], false);
  }
  std::istringstream runs(testing::slurp(log));
  std::vector<std::string> lines;
  for (std::string line; std::getline(runs, line);) lines.push_back(line);
  ASSERT_GE(lines.size(), 2u);
  // 100ms after a 10% warm-up: 111 ms; at 0.5 GiB/s that is under the least a slice asks for, 64 MiB.
  for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_EQ(lines[i], "1 0 67108864 0.111") << i;
  EXPECT_EQ(lines[0].rfind("1 0 ", 0), 0u) << "the first slice, sized at A's figure: " << lines[0];
}

TEST(AbCli, ACommandThatFailsEndsTheRaceSayingWhy) {
  const testing::Ran wordy = testing::run_binary(
      {"ab", "--a", "", "--b-command", "echo no figure here", "--budget", "1s", "--round", "100ms"}, 60s);
  EXPECT_EQ(wordy.exit_code, 1) << wordy.err;
  EXPECT_TRUE(contains(wordy.out, "B failed: the command's last line 'no figure here' does not start with its figure"))
      << wordy.out;
  const testing::Ran failing =
      testing::run_binary({"ab", "--a", "", "--b-command", "exit 3", "--budget", "1s", "--round", "100ms"}, 60s);
  EXPECT_EQ(failing.exit_code, 1) << failing.err;
  EXPECT_TRUE(contains(failing.out, "B failed: the command 'exit 3' exited with status 3")) << failing.out;
}

// A slice ends when the shell exits, not when the last process holding its stdout lets go, and what the
// command left running is killed with its process group.
TEST(AbCli, WhatTheCommandLeavesRunningIsKilled) {
  const testing::TempDir dir;
  const std::string pid_file = (dir.path() / "pid").string();
  const std::string command = "sleep 30 & echo $! > '" + pid_file + "'; echo 0.5";
  const testing::Ran ran =
      testing::run_binary({"ab", "--a", "", "--b-command", command, "--budget", "1s", "--round", "100ms"}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.out << ran.err;
  const std::string pid = testing::slurp(pid_file);
  ASSERT_FALSE(pid.empty());
  const std::string stat = testing::slurp("/proc/" + pid.substr(0, pid.find('\n')) + "/stat");
  const std::size_t state = stat.rfind(") ");
  EXPECT_TRUE(stat.empty() || (state != std::string::npos && stat[state + 2] == 'Z')) << "still running: " << stat;
}

}  // namespace
}  // namespace pipetop

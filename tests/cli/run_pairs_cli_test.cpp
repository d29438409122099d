// Issue 12 §2 from the real binary on this machine: `run --pairs N` runs N pairs at once, placed by
// topology, and every format gives the aggregate and each pair's figure. Where fewer fit pinned than
// asked (our 2-CPU machines fit one), it runs those that fit, says so, and names the command that
// runs them all unpinned; options that pick one pair are usage errors.

#include <gtest/gtest.h>

#include <csignal>
#include <optional>
#include <string>

#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::vector<std::string> kUnpinned{"--writer-cpu", "-1", "--reader-cpu", "-1"};

// `pipetop run --pairs N` with `more`, expecting success.
testing::Ran run_pairs(const std::string& pairs, std::vector<std::string> more) {
  std::vector<std::string> args{"run", "--pairs", pairs};
  args.insert(args.end(), more.begin(), more.end());
  return testing::run_binary(args, 60s);
}

std::string last_line(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  const std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     end + 1 - (start == std::string::npos ? 0 : start + 1));
}

TEST(RunPairs, RunsWhatFitsAndSaysWhatItDidInstead) {
  const testing::Ran ran = run_pairs("4", {"--duration", "0.5s", "--format", "json", "-q"});
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> pairs = test_json::parse(last_line(ran.out));
  ASSERT_TRUE(pairs) << ran.out;
  EXPECT_EQ(pairs->at("type"), "pairs");
  EXPECT_EQ(pairs->at("asked"), 4);
  const int placed = pairs->at("placed").get<int>();
  ASSERT_GE(placed, 1);
  EXPECT_EQ(pairs->at("pairs").size(), static_cast<std::size_t>(placed));
  EXPECT_GT(pairs->at("gib_per_s").get<double>(), 0);
  if (placed < 4) {
    EXPECT_TRUE(contains(ran.err, "pipetop: --pairs: 4 pairs do not fit")) << ran.err;
    EXPECT_TRUE(contains(ran.err, "hint: pipetop run --pairs 4 --writer-cpu -1 --reader-cpu -1 runs them all"))
        << ran.err;
    EXPECT_TRUE(contains(pairs->at("note").get<std::string>(), "4 pairs do not fit")) << pairs->at("note");
  }
  for (const nlohmann::json& pair : pairs->at("pairs")) {
    EXPECT_GE(pair.at("writer_cpu").get<int>(), 0) << "pinned: " << pair;
    EXPECT_NE(pair.at("writer_cpu"), pair.at("reader_cpu")) << pair;
  }
}

TEST(RunPairs, UnpinnedRunsEveryPairAskedWithALinePerSecondEach) {
  std::vector<std::string> more = kUnpinned;
  more.insert(more.end(), {"--duration", "1.3s"});
  const testing::Ran ran = run_pairs("2", more);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "pair 1    1.0")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "pair 2    1.0")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "2 pairs at once (--pairs 2), each on its own pipe")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "  aggregate    ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "\n  1     any→any     unpinned  ")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "\n  2     any→any     unpinned  ")) << ran.out;
  EXPECT_TRUE(contains(ran.err, "unpinned as asked")) << ran.err;
}

TEST(RunPairs, CsvAndOpenMetricsGiveTheAggregateAndEachPair) {
  std::vector<std::string> csv = kUnpinned;
  csv.insert(csv.end(), {"--duration", "0.4s", "--format", "csv", "-q"});
  const testing::Ran rows = run_pairs("2", csv);
  ASSERT_EQ(rows.exit_code, 0) << rows.err;
  EXPECT_TRUE(rows.out.starts_with("type,pair,worker,")) << rows.out;
  EXPECT_TRUE(contains(rows.out, "\nsummary,1,both,")) << rows.out;
  EXPECT_TRUE(contains(rows.out, "\nsummary,2,both,")) << rows.out;
  EXPECT_TRUE(contains(rows.out, "\naggregate,all,both,")) << rows.out;

  std::vector<std::string> metrics = kUnpinned;
  metrics.insert(metrics.end(), {"--duration", "0.4s", "--format", "openmetrics"});
  const testing::Ran prom = run_pairs("2", metrics);
  ASSERT_EQ(prom.exit_code, 0) << prom.err;
  EXPECT_TRUE(contains(prom.out, "\npipetop_run_pairs 2\n")) << prom.out;
  EXPECT_TRUE(contains(prom.out, "\npipetop_run_pairs_throughput_bytes_per_second ")) << prom.out;
  EXPECT_TRUE(contains(prom.out, "pipetop_run_throughput_bytes_per_second{pair=\"2\"} ")) << prom.out;
  EXPECT_TRUE(prom.out.ends_with("# EOF\n")) << prom.out;
}

TEST(RunPairs, OptionsThatPickOnePairAreUsageErrors) {
  const struct {
    std::vector<std::string> args;
    std::string words;
  } cases[] = {
      {{"run", "--pairs", "2", "--writer-cpu", "0"}, "--writer-cpu pins one pair"},
      {{"run", "--pairs", "2", "--stdin"}, "--stdin does not go with --pairs"},
      {{"run", "--pairs", "2", "--", "true"}, "-- does not go with --pairs"},
      {{"run", "--pairs", "2", "--record", "x.jsonl"}, "--record does not go with --pairs: a recording holds one pair"},
      {{"run", "--pairs", "0"}, "is not a number of pairs from 1 to 1024"},
  };
  for (const auto& c : cases) {
    const testing::Ran ran = testing::run_binary(c.args, 10s);
    EXPECT_EQ(ran.exit_code, 2) << c.words;
    EXPECT_TRUE(contains(ran.err, c.words)) << ran.err;
  }
}

// Issue 21: --pairs 1024 (inside the range) took minutes to start and ignored SIGTERM for a minute.
// Unpinned pairs are capped at what the machine starts in a few seconds, and stderr says so.
TEST(RunPairs, TooManyUnpinnedPairsAreCappedAndSaidAtOnce) {
  std::vector<std::string> more = kUnpinned;
  more.insert(more.end(), {"--duration", "1s", "-q"});
  const auto start = std::chrono::steady_clock::now();
  const testing::Ran ran = run_pairs("1024", more);
  ASSERT_FALSE(ran.timed_out) << ran.err;
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.err, " of the 1024 asked run, the most this machine starts in a few seconds")) << ran.err;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 30s);
}

// A signal while many pairs start ends the run within a moment, as an interrupted run (128+N), its
// summary written.
TEST(RunPairs, ASignalDuringTheSetUpStopsItPromptly) {
  std::vector<std::string> args{"run", "--pairs", "1024", "--duration", "20s", "-q"};
  args.insert(args.end(), kUnpinned.begin(), kUnpinned.end());
  const auto start = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> sent;
  const testing::Ran ran = testing::run_binary(args, 30s, [&](pid_t pid, const std::string&) {
    if (!sent && std::chrono::steady_clock::now() - start > 300ms && kill(pid, SIGTERM) == 0) {
      sent = std::chrono::steady_clock::now();
    }
  });
  ASSERT_FALSE(ran.timed_out) << ran.err;
  ASSERT_TRUE(sent);
  EXPECT_EQ(ran.exit_code, 128 + SIGTERM) << ran.err;
  EXPECT_LT(std::chrono::steady_clock::now() - *sent, 4s) << "SIGTERM waited for the set-up";
  EXPECT_TRUE(contains(ran.out, "pairs at once")) << ran.out;
}

}  // namespace
}  // namespace pipetop

// Issue 12 §2 from the real binary on this machine: `check --pairs N` runs the pairs that fit, pinned
// by topology, and says on stderr what it did instead when fewer fit than asked (our 2-CPU machines
// fit one pinned pair), with the command that runs them all unpinned; bad --pairs is a usage error.

#include <gtest/gtest.h>

#include <string>

#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CheckPairs, RunsWhatFitsAndSaysWhatItDidInstead) {
  const testing::Ran ran = testing::run_binary({"check", "--seconds", "0.2s", "--tune-budget", "1s", "--rounds-budget",
                                                "2s", "--round", "50ms", "--pairs", "4", "--json"},
                                               180s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> doc = test_json::parse(ran.out);
  ASSERT_TRUE(doc.has_value()) << ran.out;
  const nlohmann::json& pairs = doc->at("pairs");
  EXPECT_EQ(pairs.at("asked").get<double>(), 4);
  const double placed = pairs.at("placed").get<double>();
  ASSERT_GE(placed, 1);
  ASSERT_LE(placed, 4);
  const nlohmann::json& steps = pairs.at("steps");
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps.back().at("pairs").get<double>(), placed) << "the last step runs every pair placed";
  for (const nlohmann::json& step : steps) {
    EXPECT_EQ(step.at("pairs_run").size(), static_cast<std::size_t>(step.at("pairs").get<double>()));
    ASSERT_TRUE(step.at("aggregate_gib_per_s").is_number()) << "every step moved data";
    EXPECT_GT(step.at("aggregate_gib_per_s").get<double>(), 0);
  }
  if (placed < 4) {
    EXPECT_TRUE(contains(pairs.at("note").get<std::string>(), "4 pairs do not fit"))
        << pairs.at("note").get<std::string>();
    EXPECT_TRUE(contains(ran.err, "pipetop: --pairs: 4 pairs do not fit")) << ran.err;
    EXPECT_TRUE(contains(ran.err, "pipetop check --pairs 4 --writer-cpu -1 --reader-cpu -1")) << ran.err;
  }
}

TEST(CheckPairs, UnpinnedRunsEveryPairAsked) {
  const testing::Ran ran =
      testing::run_binary({"check", "--seconds", "0.2s", "--tune-budget", "1s", "--rounds-budget", "2s", "--round",
                           "50ms", "--pairs", "2", "--writer-cpu", "-1", "--reader-cpu", "-1", "-q"},
                          180s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(contains(ran.out, "Pairs at once (--pairs 2")) << ran.out;
  EXPECT_TRUE(contains(ran.out, "\n  2 ")) << "a row for 2 pairs at once:\n" << ran.out;
  EXPECT_TRUE(contains(ran.out, "unpinned as asked")) << ran.out;
}

TEST(CheckPairs, ScalingRunsAsManyPairsAsFit) {
  const testing::Ran ran = testing::run_binary({"check", "--seconds", "0.2s", "--tune-budget", "1s", "--rounds-budget",
                                                "2s", "--round", "50ms", "--scaling", "--json", "-q"},
                                               180s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> doc = test_json::parse(ran.out);
  ASSERT_TRUE(doc.has_value()) << ran.out;
  const nlohmann::json& pairs = doc->at("pairs");
  EXPECT_EQ(pairs.at("placed").get<double>(), pairs.at("asked").get<double>()) << "--scaling asks only what fits";
  EXPECT_FALSE(contains(pairs.at("note").get<std::string>(), "do not fit")) << pairs.at("note").get<std::string>();
  EXPECT_FALSE(contains(ran.err, "hint:")) << ran.err;
}

TEST(CheckPairs, ScalingAndPairsTogetherIsAUsageError) {
  const testing::Ran ran = testing::run_binary({"check", "--scaling", "--pairs", "2"}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_TRUE(contains(ran.err, "--scaling chooses how many pairs")) << ran.err;
}

TEST(CheckPairs, BadPairsIsAUsageError) {
  for (const char* bad : {"0", "-1", "many", "2000"}) {
    const testing::Ran ran = testing::run_binary({"check", "--pairs", bad}, 10s);
    EXPECT_EQ(ran.exit_code, 2) << bad;
    EXPECT_TRUE(contains(ran.err, "is not a number of pairs from 1 to 1024")) << ran.err;
  }
}

}  // namespace
}  // namespace pipetop

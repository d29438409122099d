// Issue 14 §2: with another program spinning on the writer's CPU, every output says the figures were
// disturbed — run's text and JSON, and check (which reruns the rung and draws no verdict from it).

#include <gtest/gtest.h>
#include <unistd.h>

#include <sstream>
#include <string>

#include "cpu_hog.hpp"
#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::string last;
  while (std::getline(in, line)) {
    if (!line.empty()) last = line;
  }
  return last;
}

#define SKIP_WITHOUT_TWO_CPUS() \
  if (sysconf(_SC_NPROCESSORS_ONLN) < 2) GTEST_SKIP() << "needs CPUs 0 and 1 for the writer and the reader"

TEST(InterferenceCli, RunSaysAHogOnTheWritersCpuDisturbedIt) {
  SKIP_WITHOUT_TWO_CPUS();
  const testing::CpuHog hog(0);
  ASSERT_TRUE(hog.running());
  const testing::Ran json = testing::run_binary(
      {"run", "--duration", "1s", "--writer-cpu", "0", "--reader-cpu", "1", "--format", "json", "--quiet"}, 60s);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const std::optional<nlohmann::json> summary = test_json::parse(last_line(json.out));
  ASSERT_TRUE(summary.has_value()) << json.out;
  EXPECT_TRUE(summary->at("disturbed").get<bool>());
  EXPECT_GT(summary->at("writer").at("cpu_wait_fraction").get<double>(), 0.05);
  // The writer is named with its CPU (the reader may be named too on a machine that is busy anyway).
  EXPECT_TRUE(contains(summary->at("disturbance").get<std::string>(), "the writer (CPU 0)"))
      << summary->at("disturbance").get<std::string>();
  const testing::Ran text =
      testing::run_binary({"run", "--duration", "1s", "--writer-cpu", "0", "--reader-cpu", "1", "--quiet"}, 60s);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "  disturbed    the writer (CPU 0)")) << text.out;
  EXPECT_TRUE(contains(text.out, "another program is competing")) << text.out;
}

TEST(InterferenceCli, CheckRerunsADisturbedRungAndDrawsNoVerdictFromIt) {
  SKIP_WITHOUT_TWO_CPUS();
  const testing::CpuHog hog(0);
  const testing::Ran ran =
      testing::run_binary({"check", "--seconds", "300ms", "--tune-budget", "1s", "--rounds-budget", "2s", "--round",
                           "50ms", "--format", "json", "--quiet", "--writer-cpu", "0", "--reader-cpu", "1"},
                          120s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> doc = test_json::parse(ran.out);
  ASSERT_TRUE(doc.has_value()) << ran.out;
  const nlohmann::json& first = doc->at("ladder").front();
  EXPECT_TRUE(first.at("disturbed").get<bool>());
  EXPECT_EQ(first.at("reruns").get<double>(), 1.0);
  EXPECT_GT(first.at("cpu_wait_fraction").at("writer").get<double>(), 0.05);
  bool no_verdict = false;
  for (const nlohmann::json& v : doc->at("verdicts")) {
    no_verdict |=
        contains(v.get<std::string>(), "write/read: no verdict") && contains(v.get<std::string>(), "another program");
    EXPECT_FALSE(contains(v.get<std::string>(), "busy loop gives")) << v.get<std::string>();
  }
  EXPECT_TRUE(no_verdict) << ran.out;
}

}  // namespace
}  // namespace pipetop

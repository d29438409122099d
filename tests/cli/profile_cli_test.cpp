// `run --profile` through the real binary: the JSON summary's profile and time objects, the text
// table, the folded stacks --export writes beside the other files, and a bad --profile-hz.

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>

#include "run_binary.hpp"
#include "temp_dir.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

std::string last_line(const std::string& text) {
  std::string last;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) last = line;
  return last;
}

TEST(ProfileCli, JsonSummaryCarriesEachWorkersProfileAndTimeAndExportWritesFoldedStacks) {
  const testing::TempDir dir;
  const std::string prefix = (dir.path() / "r").string();
  const testing::Ran ran = testing::run_binary(
      {"run", "--profile", "--duration", "1s", "--format", "json", "--quiet", "--export", prefix}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> summary = test_json::parse(last_line(ran.out));
  ASSERT_TRUE(summary) << ran.out;
  ASSERT_TRUE(summary->contains("profile")) << ran.out;
  std::string refused;  // the kernel's reason, when it gave no profile at all
  for (const char* worker : {"writer", "reader"}) {
    SCOPED_TRACE(worker);
    const nlohmann::json& p = summary->at("profile").at(worker);
    for (const char* key : {"event", "mode", "samples", "lost", "categories", "top"}) {
      EXPECT_TRUE(p.contains(key)) << key;
    }
    const std::string& event = p.at("event").get<std::string>();
    EXPECT_TRUE(event == "cpu-clock" || event == "cycles") << event;
    const std::string& mode = p.at("mode").get<std::string>();
    if (mode == "unavailable" || p.contains("note")) {
      // Honest when it cannot: a reason, and no shares.
      EXPECT_TRUE(p.at("categories").empty());
      EXPECT_FALSE(p.at(p.contains("note") ? "note" : "reason").get<std::string>().empty());
      if (mode == "unavailable") refused = p.at("reason").get<std::string>();
      continue;
    }
    double total = 0;
    for (const nlohmann::json& c : p.at("categories")) {
      EXPECT_TRUE(c.at("name").is_string());
      total += c.at("share").get<double>();
    }
    EXPECT_NEAR(total, 1.0, 1e-6);
    for (const nlohmann::json& s : p.at("top")) {
      EXPECT_FALSE(s.at("frames").empty());
      EXPECT_GT(s.at("share").get<double>(), 0.0);
    }
    if (mode == "user only") {
      EXPECT_FALSE(p.at("reason").get<std::string>().empty());
    } else {
      EXPECT_EQ(mode, "kernel+user");
    }
  }
  for (const char* worker : {"writer", "reader"}) {
    const nlohmann::json& t = summary->at("time").at(worker);
    double total = 0;
    for (const char* key : {"user", "kernel", "cpu_wait", "sleeping", "spinning"}) total += t.at(key).get<double>();
    EXPECT_NEAR(total, 1.0, 1e-6) << worker;
  }
  EXPECT_TRUE(summary->at("time").at("reader").at("pipe_fill").at("samples").get<double>() > 50);
  // The folded stacks of every worker that took samples (too few for shares included): "root;...;leaf
  // count", kernel frames marked _[k].
  EXPECT_NE(ran.err.find("pipetop: exported"), std::string::npos) << ran.err;
  if (!refused.empty()) GTEST_SKIP() << "the kernel refused to sample: " << refused;
  static const std::regex line(R"(([^;]+;)*[^;]+ [1-9][0-9]*)");
  for (const char* worker : {"writer", "reader"}) {
    const double samples = summary->at("profile").at(worker).at("samples").get<double>();
    ASSERT_GT(samples, 0) << worker;  // a second of a worker on its CPU cannot go unsampled
    const std::string folded = testing::slurp(prefix + "." + worker + ".folded");
    ASSERT_FALSE(folded.empty()) << worker;
    std::istringstream in(folded);
    std::uint64_t total = 0;
    for (std::string l; std::getline(in, l);) {
      EXPECT_TRUE(std::regex_match(l, line)) << l;
      total += std::stoull(l.substr(l.rfind(' ') + 1));
    }
    EXPECT_EQ(static_cast<double>(total), samples) << worker;
  }
}

TEST(ProfileCli, TheTextSummaryShowsTheTableOnlyWhenAsked) {
  const testing::Ran profiled = testing::run_binary({"run", "--profile", "--duration", "1s", "--quiet"}, 60s);
  ASSERT_EQ(profiled.exit_code, 0) << profiled.err;
  EXPECT_NE(profiled.out.find("  where the time goes ("), std::string::npos) << profiled.out;
  EXPECT_NE(profiled.out.find("    writer: "), std::string::npos) << profiled.out;
  EXPECT_NE(profiled.out.find("  time         writer  user "), std::string::npos) << profiled.out;
  const testing::Ran plain = testing::run_binary({"run", "--duration", "500ms", "--quiet", "--format", "json"}, 60s);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out.find("\"profile\""), std::string::npos) << plain.out;
  EXPECT_NE(plain.out.find("\"time\":{\"writer\":{"), std::string::npos) << plain.out;
}

TEST(ProfileCli, ABadRateIsAUsageError) {
  for (const char* rate : {"0", "20000", "fast", "1e3"}) {
    const testing::Ran ran = testing::run_binary({"run", "--profile-hz", rate}, 10s);
    EXPECT_EQ(ran.exit_code, 2) << rate;
    EXPECT_NE(ran.err.find("--profile-hz: '"), std::string::npos) << ran.err;
    EXPECT_NE(ran.err.find("is not a sampling rate from 1 to 10000 Hz"), std::string::npos) << ran.err;
  }
  const testing::Ran dashboard = testing::run_binary({"--profile"}, 10s);
  EXPECT_EQ(dashboard.exit_code, 2) << "the dashboard profiles already: it takes --no-profile";
}

}  // namespace
}  // namespace pipetop

// The three headless formats from the real binary, on a short run.

#include <gtest/gtest.h>

#include <optional>
#include <regex>
#include <sstream>

#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(OutputFormat, JsonLinesAreTheMachineSamplesAProgressLineASecondThenOneSummary) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "2s", "--format", "json"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::vector<std::string> lines = lines_of(ran.out);
  ASSERT_GT(lines.size(), 50U) << "about 100 samples per worker per second at 10 ms";
  EXPECT_TRUE(lines.front().starts_with("{\"schema_version\":1,\"type\":\"machine\",\"facts\":{")) << lines.front();
  std::size_t progress = 0;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    if (lines[i].starts_with("{\"schema_version\":1,\"type\":\"progress\",\"t_s\":")) {
      ++progress;
    } else {
      EXPECT_TRUE(lines[i].starts_with("{\"schema_version\":1,\"type\":\"sample\",\"worker\":\"")) << lines[i];
    }
    EXPECT_TRUE(lines[i].ends_with("}")) << lines[i];
  }
  EXPECT_GE(progress, 1U) << "one a second of the reader's samples";
  EXPECT_LE(progress, 2U);
  const std::string& summary = lines.back();
  for (const char* key :
       {"\"type\":\"summary\"", "\"gib_per_s\":", "\"gib_per_s_median\":", "\"bytes\":", "\"elapsed_s\":",
        "\"samples\":", "\"dropped_samples\":0", "\"eagain\":", "\"huge_pages\":{\"requested\":false", "\"config\":{",
        "\"buffer-size\":262144", "\"writer\":\"write\"", "\"busy-loop\":false"}) {
    EXPECT_NE(summary.find(key), std::string::npos) << key << " missing in " << summary;
  }
  EXPECT_EQ(ran.out.find("nan"), std::string::npos);
  EXPECT_EQ(ran.out.find("inf"), std::string::npos);
}

// Regression: a command line with bytes that are not UTF-8 (\xff) went into the JSON as it was, and
// no parser would read the summary: such bytes are written as U+FFFD.
TEST(OutputFormat, ACommandLineThatIsNotUtf8StillGivesParseableJson) {
  const testing::Ran ran = testing::run_binary(
      {"run", "--duration", "5s", "--format", "json", "--", "sh", "-c", "head -c 1M /dev/zero # caf\xe9 \xff"}, 30s);
  ASSERT_FALSE(ran.out.empty()) << ran.err;
  const std::vector<std::string> lines = lines_of(ran.out);
  for (const std::string& line : lines) ASSERT_TRUE(test_json::parse(line).has_value()) << line;
  const std::optional<nlohmann::json> summary = test_json::parse(lines.back());
  ASSERT_TRUE(summary && summary->contains("command")) << lines.back();
  EXPECT_NE(summary->at("command").get<std::string>().find("caf\xEF\xBF\xBD \xEF\xBF\xBD"), std::string::npos)
      << lines.back();
}

TEST(OutputFormat, CsvRowsShareOneHeaderAndEndWithASummaryRow) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "1s", "--format", "csv"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::vector<std::string> lines = lines_of(ran.out);
  ASSERT_GT(lines.size(), 50U);
  EXPECT_TRUE(lines.front().starts_with("type,worker,t_s,bytes,syscalls,eagain,gib_per_s,cycles,instructions,"))
      << lines.front();
  const auto columns = std::count(lines.front().begin(), lines.front().end(), ',');
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (i + 1 < lines.size()) {
      EXPECT_TRUE(lines[i].starts_with("sample,")) << lines[i];
    }
    EXPECT_EQ(std::count(lines[i].begin(), lines[i].end(), ','), columns) << lines[i];
  }
  EXPECT_TRUE(lines.back().starts_with("summary,both,")) << lines.back();
}

TEST(OutputFormat, TextPrintsALinePerSecondAndASummary) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "2s", "--verify"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::vector<std::string> lines = lines_of(ran.out);
  ASSERT_GE(lines.size(), 8U) << ran.out;
  // The first line is about a second in (later on a loaded machine: the sampler's tick is not exact).
  EXPECT_TRUE(std::regex_search(lines[0], std::regex(R"(^\s*1\.\d\ds )"))) << lines[0];
  EXPECT_NE(lines[0].find("GiB/s"), std::string::npos) << lines[0];
  EXPECT_NE(ran.out.find("write → read"), std::string::npos);
  EXPECT_NE(ran.out.find(" 0 mismatches"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("rerun        pipetop run"), std::string::npos);
}

TEST(OutputFormat, HugePagesAreReportedAsMeasured) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "1s", "--huge-pages", "--format", "json"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::string summary = lines_of(ran.out).back();
  EXPECT_NE(summary.find("\"huge_pages\":{\"requested\":true"), std::string::npos) << summary;
  // Whatever the outcome, the detail says what was measured (writer and reader buffers).
  EXPECT_NE(summary.find("writer "), std::string::npos) << summary;
  EXPECT_NE(summary.find("reader "), std::string::npos) << summary;
}

}  // namespace
}  // namespace pipetop

// Issue 22 §1 from the real binary: a run's summary states its figure as a share of memcpy of its buffer
// size, measured on the writer's CPU just before the pair started (text and JSON), and a run whose other end
// is the user's program states none.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string last;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) last = line;
  }
  return last;
}

TEST(CeilingCli, TheJsonSummaryStatesTheShareOfMemcpyOnTheWritersCpu) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.3s", "--buffer-size", "128K", "--writer-cpu",
                                                "0", "--reader-cpu", "1", "--format", "json", "-q"},
                                               30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> summary = test_json::parse(last_line(ran.out));
  ASSERT_TRUE(summary.has_value()) << ran.out;
  ASSERT_TRUE(summary->contains("ceiling")) << ran.out;
  const nlohmann::json& c = summary->at("ceiling");
  EXPECT_GT(c.at("memcpy_gib_per_s").get<double>(), 0.01);
  EXPECT_EQ(c.at("buffer_bytes").get<std::uint64_t>(), 128U * 1024);
  EXPECT_EQ(c.at("cpu").get<int>(), 0) << "pinned like the writer";
  EXPECT_EQ(c.at("copies_per_byte").get<int>(), 2);
  EXPECT_TRUE(c.at("copies_take_turns").get<bool>());
  EXPECT_NEAR(c.at("bound_gib_per_s").get<double>(), c.at("memcpy_gib_per_s").get<double>() / 2, 1e-9);
  EXPECT_NEAR(c.at("share").get<double>(),
              summary->at("gib_per_s").get<double>() / c.at("memcpy_gib_per_s").get<double>(), 1e-9);
  EXPECT_TRUE(c.at("words").get<std::string>().starts_with(
      "write/read: two copies per byte, taking turns under the pipe's lock, at most half of memcpy; at "))
      << c.at("words");
}

TEST(CeilingCli, TheTextSummaryHasACeilingLine) {
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.3s", "--reader", "splice", "-q"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("  ceiling      memcpy "), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("write/splice: one copy per byte (the writer's), at most memcpy; at "), std::string::npos)
      << ran.out;
}

TEST(CeilingCli, NoneWhenTheUsersProgramHoldsAnEnd) {
  const testing::Ran ran = testing::run_program(
      "/bin/bash", {"-c", "set -o pipefail; head -c 16M /dev/zero | '" PIPETOP_BINARY "' run --stdin --format json -q"},
      30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(ran.out.find("\"ceiling\""), std::string::npos) << "its copies are its own: " << ran.out;
}

}  // namespace
}  // namespace pipetop

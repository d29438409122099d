// The real binary inside a narrowed CPU set (taskset): the default pair comes from the CPUs this
// process may use, says so when writer and reader must share one, and an explicit CPU outside the set
// is refused with exit 3 naming the allowed ones (issue 13, failure 4).

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

constexpr const char* kTaskset = "/usr/bin/taskset";

bool cpu0_usable() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return access(kTaskset, X_OK) == 0 && sched_getaffinity(0, sizeof set, &set) == 0 && CPU_ISSET(0, &set);
}

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string last;
  for (std::string line; std::getline(in, line);) last = line;
  return last;
}

TEST(AllowedCpusCli, UnderTasksetOfOneCpuBothWorkersRunOnIt) {
  if (!cpu0_usable()) GTEST_SKIP() << "needs taskset and CPU 0";
  const testing::Ran ran = testing::run_program(
      kTaskset, {"-c", "0", PIPETOP_BINARY, "run", "--duration", "300ms", "--format", "json"}, 30s);
  ASSERT_FALSE(ran.timed_out);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> summary = test_json::parse(last_line(ran.out));
  ASSERT_TRUE(summary.has_value()) << last_line(ran.out);
  EXPECT_EQ(summary->at("type").get<std::string>(), "summary");
  EXPECT_EQ(summary->at("config").at("writer-cpu").get<double>(), 0.0);
  EXPECT_EQ(summary->at("config").at("reader-cpu").get<double>(), 0.0);
  EXPECT_GT(summary->at("bytes").get<double>(), 0.0);
  EXPECT_NE(ran.err.find("cpu 0→0: only CPU 0 is allowed here (affinity), writer and reader share it"),
            std::string::npos)
      << ran.err;
}

TEST(AllowedCpusCli, AnExplicitCpuOutsideTheAffinityExitsThree) {
  if (!cpu0_usable()) GTEST_SKIP() << "needs taskset and CPU 0";
  const testing::Ran ran = testing::run_program(
      kTaskset, {"-c", "0", PIPETOP_BINARY, "run", "--duration", "300ms", "--reader-cpu", "1"}, 30s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 3) << ran.err;  // with one CPU online, CPU 1 is offline: also 3
  EXPECT_TRUE(ran.out.empty()) << ran.out;
  if (sysconf(_SC_NPROCESSORS_ONLN) > 1) {
    EXPECT_NE(ran.err.find("--reader-cpu 1: CPU 1 is not among the CPUs this process may use (affinity)"),
              std::string::npos)
        << ran.err;
    EXPECT_NE(ran.err.find("allowed CPUs: 0 (or -1 to leave the worker unpinned)"), std::string::npos) << ran.err;
  }
}

TEST(AllowedCpusCli, WithTwoCpusAllowedThereIsNoNote) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) < 2) GTEST_SKIP() << "needs two CPUs";
  const testing::Ran ran = testing::run_binary({"run", "--duration", "300ms", "--format", "json"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(ran.err.find("share it"), std::string::npos) << ran.err;
}

}  // namespace
}  // namespace pipetop

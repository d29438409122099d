// However a run ends, no worker is left behind and no zombie remains.

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "processes.hpp"
#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

struct Observed {
  testing::Ran ran;
  std::vector<pid_t> workers;
};

// Runs a long headless run, waits for its first per-second line, then sends `sig` to the parent only.
Observed signal_after_first_line(int sig, std::vector<std::string> extra = {}) {
  Observed seen;
  bool sent = false;
  std::vector<std::string> args = {"run", "--duration", "60s"};
  args.insert(args.end(), extra.begin(), extra.end());
  seen.ran = testing::run_binary(args, 30s, [&](pid_t pid, const std::string& out) {
    if (sent || out.find("GiB/s") == std::string::npos) return;
    seen.workers = testing::children_of(pid);
    kill(pid, sig);
    sent = true;
  });
  return seen;
}

class SignalToParent : public ::testing::TestWithParam<int> {};

TEST_P(SignalToParent, StopsPrintsTheSummaryAndReapsBothWorkers) {
  const int sig = GetParam();
  const Observed seen = signal_after_first_line(sig);
  ASSERT_FALSE(seen.ran.timed_out) << seen.ran.out << seen.ran.err;
  EXPECT_EQ(seen.ran.exit_code, 128 + sig) << seen.ran.err;
  EXPECT_NE(seen.ran.out.find("ended        interrupted"), std::string::npos) << seen.ran.out;
  ASSERT_EQ(seen.workers.size(), 2U) << "writer and reader were running";
  for (const pid_t worker : seen.workers) EXPECT_FALSE(testing::is_running(worker)) << worker;
}

INSTANTIATE_TEST_SUITE_P(Signals, SignalToParent, ::testing::Values(SIGTERM, SIGINT, SIGHUP),
                         [](const auto& param_info) { return std::string(sigabbrev_np(param_info.param)); });

TEST(Lifecycle, BusyLoopWorkersStopOnSigterm) {
  const Observed seen = signal_after_first_line(SIGTERM, {"--busy-loop", "--writer", "vmsplice", "--reader", "splice"});
  ASSERT_FALSE(seen.ran.timed_out);
  EXPECT_EQ(seen.ran.exit_code, 128 + SIGTERM);
  ASSERT_EQ(seen.workers.size(), 2U);
  for (const pid_t worker : seen.workers) EXPECT_FALSE(testing::is_running(worker));
}

// What `timeout` and service managers do: SIGTERM to the whole process group, workers included. The
// workers are not ours to stop that way: the parent stops them, prints the summary and exits 143.
TEST(Lifecycle, SigtermToTheProcessGroupStopsTheRunWithItsSummary) {
  std::vector<pid_t> workers;
  bool sent = false;
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "10s"}, 30s, [&](pid_t pid, const std::string& out) {
        if (sent || out.find("GiB/s") == std::string::npos) return;
        workers = testing::children_of(pid);
        kill(-pid, SIGTERM);  // run_binary's child leads its own process group
        sent = true;
      });
  ASSERT_TRUE(sent) << ran.out << ran.err;
  ASSERT_FALSE(ran.timed_out);
  EXPECT_FALSE(ran.signaled);
  EXPECT_EQ(ran.exit_code, 128 + SIGTERM) << ran.err;
  EXPECT_EQ(ran.err.find("killed by signal"), std::string::npos) << ran.err;
  EXPECT_NE(ran.out.find("ended        interrupted"), std::string::npos) << ran.out;
  ASSERT_EQ(workers.size(), 2U);
  for (const pid_t worker : workers) EXPECT_FALSE(testing::is_running(worker)) << worker;
}

TEST(Lifecycle, TimeoutEndsTheRunWithItsSummary) {
  if (access("/usr/bin/timeout", X_OK) != 0) GTEST_SKIP() << "no /usr/bin/timeout (coreutils)";
  const testing::Ran ran = testing::run_program(
      "/usr/bin/timeout", {"--preserve-status", "-s", "TERM", "1", PIPETOP_BINARY, "run", "--duration", "10s"}, 30s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 128 + SIGTERM) << ran.err;
  EXPECT_EQ(ran.err.find("killed by signal"), std::string::npos) << ran.err;
  EXPECT_NE(ran.out.find("ended        interrupted"), std::string::npos) << ran.out;
}

TEST(Lifecycle, WorkersDieWithAKilledParent) {
  const Observed seen = signal_after_first_line(SIGKILL, {"--busy-loop"});
  EXPECT_EQ(seen.ran.exit_code, 128 + SIGKILL);
  ASSERT_EQ(seen.workers.size(), 2U);
  for (int i = 0; i < 200; ++i) {  // PR_SET_PDEATHSIG is asynchronous: give it up to 2 s
    if (!testing::is_running(seen.workers[0]) && !testing::is_running(seen.workers[1])) break;
    std::this_thread::sleep_for(10ms);
  }
  for (const pid_t worker : seen.workers) EXPECT_FALSE(testing::is_running(worker)) << worker;
}

TEST(Lifecycle, KilledWorkerFailsTheRunWithAReason) {
  std::vector<pid_t> workers;
  bool sent = false;
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "60s"}, 30s, [&](pid_t pid, const std::string& out) {
        if (sent || out.find("GiB/s") == std::string::npos) return;
        workers = testing::children_of(pid);
        if (workers.size() == 2) kill(std::max(workers[0], workers[1]), SIGKILL);  // the reader is forked second
        sent = true;
      });
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 1);
  EXPECT_NE(ran.err.find("reader was killed by signal 9"), std::string::npos) << ran.err;
  for (const pid_t worker : workers) EXPECT_FALSE(testing::is_running(worker));
}

TEST(Lifecycle, ByteLimitEndsTheRunCleanly) {
  const testing::Ran ran = testing::run_binary({"run", "--bytes", "100M", "--format", "json"}, 30s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("\"bytes\":104857600"), std::string::npos);
  EXPECT_NE(ran.out.find("\"end\":\"byte count reached\""), std::string::npos) << ran.out.substr(ran.out.size() - 600);
}

}  // namespace
}  // namespace pipetop

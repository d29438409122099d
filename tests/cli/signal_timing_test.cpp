// Signals at the edges of a run: in its first milliseconds (while the command line is parsed) and
// after its end (while the workers stop, the summary and the export are written). Whenever SIGTERM
// lands after main has begun, `run` leaves by its own exit: a summary, and 143 when it interrupted the
// run, 0 when the run had already ended — never a death by the signal.

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Whether process `pid` blocks `signal` now (SigBlk in /proc/PID/status): pipetop blocks the
// termination signals on main()'s first line, so this says main has begun.
bool blocks(pid_t pid, int signal) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("SigBlk:", 0) == 0) return ((std::stoull(line.substr(7), nullptr, 16) >> (signal - 1)) & 1U) != 0;
  }
  return false;
}

// A signal while the command line is parsed: a long one (the same flag 20000 times, which CLI11
// takes) keeps main parsing for tens of milliseconds on any machine. The signal goes once main has
// begun (seen in /proc, whatever the build or the machine's load), 0 to 20 ms into the parse.
TEST(SignalTiming, SigtermWhileTheCommandLineIsParsedStillGivesTheSummaryAnd143) {
  std::vector<std::string> args = {"run", "--duration", "10s", "-q"};
  args.insert(args.end(), 20000, "--no-touch");
  for (int extra_ms = 0; extra_ms < 30; extra_ms += 10) {
    const testing::Started child = testing::start_program(PIPETOP_BINARY, args);
    const auto give_up = Clock::now() + 10s;
    while (!blocks(child.pid, SIGTERM) && Clock::now() < give_up) std::this_thread::sleep_for(100us);
    std::this_thread::sleep_for(std::chrono::milliseconds(extra_ms));
    kill(child.pid, SIGTERM);
    const testing::Ran ran = testing::collect(child, 30s);
    SCOPED_TRACE("SIGTERM " + std::to_string(extra_ms) + " ms after main had begun");
    ASSERT_FALSE(ran.timed_out);
    EXPECT_FALSE(ran.signaled) << "killed by the signal, without its summary";
    EXPECT_EQ(ran.exit_code, 128 + SIGTERM) << ran.err;
    EXPECT_NE(ran.out.find("ended        interrupted"), std::string::npos) << ran.out << ran.err;
  }
}

// The summary is out: the run has ended, and a SIGTERM now neither kills pipetop nor stops what is
// left to do (the export).
TEST(SignalTiming, SigtermAfterTheSummaryNeitherKillsNorLosesTheExport) {
  const testing::TempDir temp;
  const std::filesystem::path& dir = temp.path();
  bool sent = false;
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "200ms", "--format", "json", "-q", "--export", (dir / "run").string()},
                          30s, [&](pid_t pid, const std::string& out) {
                            if (sent || out.find("\"type\":\"summary\"") == std::string::npos) return;
                            kill(pid, SIGTERM);
                            sent = true;
                          });
  ASSERT_TRUE(sent) << ran.out << ran.err;
  ASSERT_FALSE(ran.timed_out);
  EXPECT_FALSE(ran.signaled) << "killed by a signal after its summary";
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("\"end\":\"duration reached\""), std::string::npos) << ran.out;
  for (const char* suffix : {".cmd", ".csv", ".json"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / (std::string("run") + suffix))) << suffix << "\n" << ran.err;
  }
}

}  // namespace
}  // namespace pipetop

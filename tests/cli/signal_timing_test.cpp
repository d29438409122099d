// Signals at the edges of a run: in its first milliseconds (while the command line is parsed) and
// after its end (while the workers stop, the summary and the export are written). Whenever SIGTERM
// lands after main has begun, `run` leaves by its own exit: a summary, and 143 when it interrupted the
// run, 0 when the run had already ended — never a death by the signal.

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <thread>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// The longest of three runs of `program args`, fork to exit.
Clock::duration longest_run(const std::string& program, const std::vector<std::string>& args) {
  Clock::duration longest{};
  for (int i = 0; i < 3; ++i) {
    const auto start = Clock::now();
    const testing::Ran ran = testing::run_program(program, args, 30s);
    EXPECT_EQ(ran.exit_code, 0) << program << ": " << ran.err;
    longest = std::max(longest, Clock::now() - start);
  }
  return longest;
}

// A signal while the command line is parsed: a long one (the same flag 20000 times, which CLI11
// takes) keeps main parsing for tens of milliseconds on any machine, so the signal lands there. By the
// time /bin/true has taken the same arguments and `pipetop --version` has run whole, a pipetop started
// at the same moment has surely begun main (its dynamic loader is done), whatever the build (a
// sanitizer's start-up is slow) or the machine's load.
TEST(SignalTiming, SigtermWhileTheCommandLineIsParsedStillGivesTheSummaryAnd143) {
  if (access("/bin/true", X_OK) != 0) GTEST_SKIP() << "no /bin/true to time the arguments' exec with";
  std::vector<std::string> args = {"run", "--duration", "10s", "-q"};
  args.insert(args.end(), 20000, "--no-touch");
  const Clock::duration main_begun = longest_run("/bin/true", args) + longest_run(PIPETOP_BINARY, {"--version"});
  for (int extra_ms = 0; extra_ms < 30; extra_ms += 10) {
    const auto start = Clock::now();
    const testing::Started child = testing::start_program(PIPETOP_BINARY, args);
    std::this_thread::sleep_until(start + main_begun + std::chrono::milliseconds(extra_ms));
    kill(child.pid, SIGTERM);
    const testing::Ran ran = testing::collect(child, 30s);
    SCOPED_TRACE("SIGTERM " + std::to_string(extra_ms) + " ms after main had surely begun");
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

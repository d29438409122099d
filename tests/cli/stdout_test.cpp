// stdout as the user's shell may hand it over: full (/dev/full), closed (>&-), or a pipe whose reader
// stops reading. A write that fails is said on stderr and exits 1, for every command that writes
// stdout; a reader that does not read never holds up the run, its duration or a SIGTERM.

#include <fcntl.h>
#include <gtest/gtest.h>

#include <csignal>
#include <ostream>
#include <thread>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

void stdout_to_dev_full() {
  const int fd = open("/dev/full", O_WRONLY);
  dup2(fd, STDOUT_FILENO);
  close(fd);
}

void stdout_closed() {
  close(STDOUT_FILENO);
}

struct Writer {
  std::string name;
  std::vector<std::string> args;
};
void PrintTo(const Writer& w, std::ostream* os) {
  *os << w.name;
}

class FailingStdout : public ::testing::TestWithParam<Writer> {};

TEST_P(FailingStdout, FullDeviceIsSaidAndExitsOne) {
  if (access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  const testing::Ran ran = testing::run_binary(GetParam().args, 60s, {}, stdout_to_dev_full);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_FALSE(ran.signaled);
  EXPECT_EQ(ran.exit_code, 1) << ran.err;
  EXPECT_NE(ran.err.find("pipetop: writing the output failed: No space left on device [ENOSPC]"), std::string::npos)
      << ran.err;
}

INSTANTIATE_TEST_SUITE_P(Commands, FailingStdout,
                         ::testing::Values(Writer{"run", {"run", "--duration", "200ms"}},
                                           Writer{"run_json", {"run", "--duration", "200ms", "--format", "json", "-q"}},
                                           Writer{"events", {"events"}},
                                           Writer{"events_json", {"events", "--format", "json"}},
                                           Writer{"check_json",
                                                  {"check", "--json", "-q", "--seconds", "100ms", "--tune-budget", "1s",
                                                   "--rounds-budget", "2s", "--round", "50ms"}},
                                           Writer{"tune", {"tune", "-q", "--budget", "1s"}}),
                         [](const auto& param_info) { return param_info.param.name; });

TEST(FailingStdout, ClosedStdoutIsSaidAndExitsOne) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"run", "--duration", "200ms"},
                                               std::vector<std::string>{"events", "--format", "json"}}) {
    const testing::Ran ran = testing::run_binary(args, 60s, {}, stdout_closed);
    ASSERT_FALSE(ran.timed_out) << args[0];
    EXPECT_FALSE(ran.signaled) << args[0];
    EXPECT_EQ(ran.exit_code, 1) << args[0] << ": " << ran.err;
    EXPECT_NE(ran.err.find("pipetop: writing the output failed: Bad file descriptor [EBADF]"), std::string::npos)
        << args[0] << ": " << ran.err;
  }
}

TEST(FailingStdout, HelpAndVersionDoNotCrash) {
  for (const char* arg : {"--help", "--version"}) {
    const testing::Ran ran = testing::run_binary({arg}, 30s, {}, stdout_to_dev_full);
    EXPECT_FALSE(ran.signaled) << arg;
    EXPECT_TRUE(ran.exit_code == 0 || ran.exit_code == 1) << arg << ": " << ran.exit_code;
  }
}

// A pipe nobody reads yet: the test holds its read end.
class StalledPipe {
 public:
  StalledPipe() {
    if (pipe2(fds_, O_CLOEXEC) != 0) fds_[0] = fds_[1] = -1;
  }
  ~StalledPipe() {
    for (const int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  StalledPipe(const StalledPipe&) = delete;
  StalledPipe& operator=(const StalledPipe&) = delete;
  // Starts `run --format csv --interval 1ms --duration <duration>` with its stdout on the pipe: at
  // 1 ms, samples fill it within a second.
  testing::Started start_run(const std::string& duration) {
    const int write_end = fds_[1];
    const testing::Started child =
        testing::start_program(PIPETOP_BINARY, {"run", "--format", "csv", "--interval", "1ms", "--duration", duration},
                               [write_end] { dup2(write_end, STDOUT_FILENO); });
    close(fds_[1]);
    fds_[1] = -1;
    return child;
  }
  // Reads everything until end of file.
  std::string drain() {
    std::string all;
    char chunk[65536];
    for (ssize_t n; (n = read(fds_[0], chunk, sizeof chunk)) > 0;) all.append(chunk, static_cast<std::size_t>(n));
    return all;
  }

 private:
  int fds_[2] = {-1, -1};
};

// The pipe fills, then nothing reads it. SIGTERM still ends the run at once: the summary gets a
// moment, and pipetop exits 143.
TEST(StalledReader, SigtermStillEndsTheRunPromptly) {
  StalledPipe stalled;
  const testing::Started child = stalled.start_run("60s");
  std::this_thread::sleep_for(1000ms);
  const auto sent = Clock::now();
  kill(child.pid, SIGTERM);
  const testing::Ran ran = testing::collect(child, 20s);
  const auto took = Clock::now() - sent;
  ASSERT_FALSE(ran.timed_out) << "SIGTERM ignored while stdout was not read";
  EXPECT_FALSE(ran.signaled);
  EXPECT_EQ(ran.exit_code, 128 + SIGTERM) << ran.err;
  EXPECT_LT(took, 5s) << ran.err;
  EXPECT_NE(ran.err.find("pipetop: writing the output failed"), std::string::npos) << ran.err;
}

// The reader sleeps past the end of the run: the run still lasts its --duration (the summary says
// so), and the summary is there when the reader comes back.
TEST(StalledReader, DurationHoldsAndTheSummaryWaitsForTheReader) {
  StalledPipe stalled;
  const testing::Started child = stalled.start_run("500ms");
  std::this_thread::sleep_for(1500ms);
  const std::string out = stalled.drain();
  const testing::Ran ran = testing::collect(child, 20s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  const std::size_t summary = out.rfind("\nsummary,both,");
  ASSERT_NE(summary, std::string::npos) << out.substr(out.size() > 500 ? out.size() - 500 : 0);
  const double elapsed_s = std::stod(out.substr(summary + 14));
  EXPECT_LT(elapsed_s, 1.0) << "the run went on while its output was not read";
}

// `pipetop run | head -1`: the reader takes the first line and goes. The next write meets a broken
// pipe, which is said on stderr with exit 1, not a silent death by SIGPIPE (141).
TEST(ClosedReader, BrokenPipeIsSaidAndExitsOne) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", "--duration", "1500ms"},
        std::vector<std::string>{"run", "--format", "csv", "--interval", "1ms", "--duration", "500ms"}}) {
    int fds[2];
    ASSERT_EQ(pipe2(fds, O_CLOEXEC), 0);
    const int write_end = fds[1];
    const testing::Started child =
        testing::start_program(PIPETOP_BINARY, args, [write_end] { dup2(write_end, STDOUT_FILENO); });
    close(fds[1]);
    std::string first;
    for (char c = 0; first.find('\n') == std::string::npos && read(fds[0], &c, 1) == 1;) first += c;
    close(fds[0]);  // head -1 has its line
    const testing::Ran ran = testing::collect(child, 30s);
    ASSERT_FALSE(ran.timed_out) << args[1];
    EXPECT_FALSE(ran.signaled) << args[1] << ": died of signal " << ran.exit_code - 128;
    EXPECT_EQ(ran.exit_code, 1) << args[1] << ": " << ran.err;
    EXPECT_NE(ran.err.find("pipetop: writing the output failed: Broken pipe [EPIPE]"), std::string::npos)
        << args[1] << ": " << ran.err;
  }
}

}  // namespace
}  // namespace pipetop

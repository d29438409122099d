// Issue 21: every file pipetop reads — a recording for replay, --baseline, --compare, tour --tuned —
// gives exit 2 with the file, the line and the reason whatever is in it, is read with a cap, never
// blocks in open, and does not make pipetop deaf to signals while it loads. A command `run --` cannot
// start exits as a shell says it: 127 not found, 126 not executable.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

std::string write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path.string();
}

void expect_refused(const testing::Ran& ran, const std::vector<std::string>& says) {
  ASSERT_FALSE(ran.timed_out) << ran.err;
  EXPECT_FALSE(ran.signaled) << "killed by signal " << ran.exit_code - 128 << ": " << ran.err;
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  for (const std::string& phrase : says)
    EXPECT_NE(ran.err.find(phrase), std::string::npos) << phrase << "\n" << ran.err;
}

// nlohmann throws out_of_range for 1e999, which escaped three readers and aborted pipetop (rc 134).
TEST(HostileFiles, ANumberBeyondADoubleIsExitTwoNamingTheFileAndLine) {
  const testing::TempDir dir;
  const std::string recording = write_file(dir.path() / "rec.jsonl",
                                           "{\"schema_version\": 1, \"type\": \"recording\", \"command\": \"run\"}\n"
                                           "{\"type\": \"sample\", \"t_ns\": 1e999}\n");
  expect_refused(testing::run_binary({"replay", recording}, 10s), {recording + ": line 2: ", "number overflow"});
  expect_refused(testing::run_binary({"--baseline", recording}, 10s), {recording + ": line 2: ", "number overflow"});
  const std::string tuned = write_file(dir.path() / "tuned.json", "{\n  \"best\": {\"gib_per_s\": 1e999}\n}\n");
  expect_refused(testing::run_binary({"tour", "--no-ui", "--tuned", tuned}, 10s),
                 {"--tuned " + tuned + ": not valid JSON at line 2, column ", "number overflow"});
  const std::string run = write_file(dir.path() / "run.json", "{\"type\": \"machine\"}\n{\"gib_per_s\": 1e999}\n");
  expect_refused(testing::run_binary({"run", "--duration", "0.2s", "--compare", run}, 10s),
                 {"--compare " + run + ": line 2: not valid JSON", "number overflow"});
}

TEST(HostileFiles, WhatIsNotARegularFileOrAPipeIsRefusedAtOnce) {
  const testing::TempDir dir;
  const auto start = Clock::now();
  expect_refused(testing::run_binary({"run", "--duration", "0.2s", "--compare", "/dev/zero"}, 10s),
                 {"/dev/zero is a character device"});
  expect_refused(testing::run_binary({"replay", dir.path().string()}, 10s), {" is a directory"});
  EXPECT_LT(Clock::now() - start, 5s);
}

TEST(HostileFiles, AFifoWithNoWriterDoesNotBlock) {
  const testing::TempDir dir;
  const std::string fifo = (dir.path() / "fifo").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  expect_refused(testing::run_binary({"replay", fifo}, 5s), {fifo + " is a pipe that gave nothing"});
  expect_refused(testing::run_binary({"run", "--duration", "0.2s", "--compare", fifo}, 5s), {"gave nothing"});
}

TEST(HostileFiles, AFileLargerThanTheCapIsRefusedBeforeItIsRead) {
  const testing::TempDir dir;
  const std::filesystem::path big = dir.path() / "big.jsonl";
  write_file(big, "");
  std::filesystem::resize_file(big, std::uintmax_t{600} << 20);  // sparse: no disk, and no time to read
  const auto start = Clock::now();
  expect_refused(testing::run_binary({"replay", big.string()}, 10s), {big.string() + " is larger than 512 MiB"});
  EXPECT_LT(Clock::now() - start, 3s);
}

// A document larger than a JSON document may be (one line of 20 MiB) is refused without parsing it.
TEST(HostileFiles, ADocumentLargerThanTheCapIsRefusedNamingTheLine) {
  const testing::TempDir dir;
  const std::string line = write_file(dir.path() / "line.json", "[" + std::string((20 << 20) - 2, ' ') + "]\n");
  expect_refused(testing::run_binary({"run", "--duration", "0.2s", "--compare", line}, 10s),
                 {"line 1: a JSON document of 20 MiB, larger than the 16 MiB pipetop reads"});
}

// A loading that waits (a pipe whose writer is slow) still hears SIGTERM: replay leaves as the
// dashboard does (0), run as an interrupted run (128+15).
TEST(HostileFiles, ASignalStopsALoadPromptly) {
  const testing::TempDir dir;
  const std::string fifo = (dir.path() / "slow").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"replay", fifo}, {"run", "--duration", "0.2s", "--compare", fifo}}) {
    const testing::Started writer = testing::start_program("/bin/sh", {"-c", "sleep 20 <> '" + fifo + "'"});
    std::this_thread::sleep_for(200ms);  // the writer holds the FIFO open (<>: no wait for a reader), writes nothing
    const auto start = Clock::now();
    bool sent = false;
    const testing::Ran ran = testing::run_binary(args, 10s, [&](pid_t pid, const std::string&) {
      if (!sent && Clock::now() - start > 500ms) sent = kill(pid, SIGTERM) == 0;
    });
    kill(-writer.pid, SIGKILL);
    (void)testing::collect(writer, 5s);
    ASSERT_FALSE(ran.timed_out) << args.front() << " did not hear SIGTERM while loading\n" << ran.err;
    EXPECT_TRUE(sent);
    EXPECT_FALSE(ran.signaled) << ran.err;
    EXPECT_EQ(ran.exit_code, args.front() == "replay" ? 0 : 128 + SIGTERM) << ran.err;
    EXPECT_LT(Clock::now() - start, 3s);
  }
}

// One rule for a file that cannot be read: 2, as any usage error (replay said 3, --compare 2).
TEST(HostileFiles, AMissingFileIsExitTwoEverywhere) {
  const std::string missing = "/nonexistent/pipetop.json";
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"replay", missing},
                                             {"--baseline", missing},
                                             {"tour", "--no-ui", "--tuned", missing},
                                             {"run", "--duration", "0.2s", "--compare", missing},
                                             {"check", "--compare", missing}}) {
    expect_refused(testing::run_binary(args, 10s), {"cannot read " + missing, "No such file or directory"});
  }
}

// A command that cannot be started exits as a shell says it.
TEST(HostileFiles, ACommandThatCannotStartExitsAsAShellSays) {
  testing::Ran ran = testing::run_binary({"run", "--", "/etc/passwd"}, 10s);
  EXPECT_EQ(ran.exit_code, 126) << ran.err;
  EXPECT_NE(ran.err.find("cannot run '/etc/passwd': Permission denied"), std::string::npos) << ran.err;
  ran = testing::run_binary({"run", "--", "/nonexistent/command"}, 10s);
  EXPECT_EQ(ran.exit_code, 127) << ran.err;
  EXPECT_NE(ran.err.find("no such command"), std::string::npos) << ran.err;
}

}  // namespace
}  // namespace pipetop

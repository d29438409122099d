// The files a user names for pipetop to read (issue 21): a regular file or a pipe, capped, never
// blocking in open, and stoppable while it reads. Before, /dev/zero grew without bound, a FIFO with
// no writer blocked in open forever, a 1 GiB file was read whole before being refused, and nothing
// could stop a load.

#include "pipetop/system/document_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace pipetop {
namespace {

using Clock = std::chrono::steady_clock;

class DocumentFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("pipetop_document_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  [[nodiscard]] std::string path(const char* name) const { return (dir_ / name).string(); }
  [[nodiscard]] std::string file_with(const char* name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }

  std::filesystem::path dir_;
};

TEST_F(DocumentFile, ARegularFileIsReadWhole) {
  const Result<std::string> text = read_document_file(file_with("a.json", "{\"a\": 1}\n"), {});
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(*text, "{\"a\": 1}\n");
}

TEST_F(DocumentFile, WhatCannotBeOpenedIsAUsageErrorNamingIt) {
  const Result<std::string> text = read_document_file(path("missing.json"), {});
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().kind, ExitCode::usage);
  EXPECT_NE(text.error().message.find("cannot read " + path("missing.json") + ": No such file"), std::string::npos)
      << text.error().message;
}

TEST_F(DocumentFile, ADirectoryOrADeviceIsRefusedWithoutReading) {
  const auto start = Clock::now();
  for (const std::string& name : {dir_.string(), std::string("/dev/zero"), std::string("/dev/null")}) {
    const Result<std::string> text = read_document_file(name, {});
    ASSERT_FALSE(text) << name;
    EXPECT_EQ(text.error().kind, ExitCode::usage) << name;
    EXPECT_NE(text.error().message.find(name + " is a "), std::string::npos) << text.error().message;
  }
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(1)) << "/dev/zero was read";
}

TEST_F(DocumentFile, AFileLargerThanTheCapIsRefusedBeforeItIsRead) {
  const std::string big = file_with("big.json", std::string(4096, ' '));
  const Result<std::string> text = read_document_file(
      big,
      [] {
        ADD_FAILURE() << "a file refused by its size was read";
        return false;
      },
      1024);
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().kind, ExitCode::usage);
  EXPECT_NE(text.error().message.find("is larger than 1 KiB"), std::string::npos) << text.error().message;
}

TEST_F(DocumentFile, AFifoWithNoWriterDoesNotBlockInOpen) {
  ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
  const auto start = Clock::now();
  const Result<std::string> text = read_document_file(path("fifo"), {});
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().kind, ExitCode::usage);
  EXPECT_NE(text.error().message.find("is a pipe that gave nothing"), std::string::npos) << text.error().message;
}

TEST_F(DocumentFile, APipeIsReadToItsEndButNotPastTheCap) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  ASSERT_EQ(write(fds[1], "{}\n", 3), 3);
  close(fds[1]);
  Result<std::string> text = read_document_file("/dev/fd/" + std::to_string(fds[0]), {});
  close(fds[0]);
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(*text, "{}\n");

  ASSERT_EQ(pipe(fds), 0);
  const std::string chunk(2048, 'x');
  ASSERT_EQ(write(fds[1], chunk.data(), chunk.size()), static_cast<ssize_t>(chunk.size()));
  text = read_document_file("/dev/fd/" + std::to_string(fds[0]), {}, 1024);  // the writer still holds it
  close(fds[0]);
  close(fds[1]);
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message.find("is larger than 1 KiB"), std::string::npos) << text.error().message;
}

TEST_F(DocumentFile, AQuietPipeStillAsksWhetherToStop) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);  // a writer that never writes nor closes
  int asked = 0;
  const auto start = Clock::now();
  const Result<std::string> text =
      read_document_file("/dev/fd/" + std::to_string(fds[0]), [&asked] { return ++asked == 3; });
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
  close(fds[0]);
  close(fds[1]);
  ASSERT_FALSE(text);
  EXPECT_EQ(asked, 3);
  EXPECT_EQ(text.error().kind, ExitCode::runtime);
  EXPECT_NE(text.error().message.find("stopped"), std::string::npos) << text.error().message;
}

}  // namespace
}  // namespace pipetop

// Every transport with every writer and reader it takes, all three from their tables, moves a known
// number of bytes, the reader counting exactly what the writer sent (a splice from a socket through its
// relay pipe included), and its ends are opened and closed leaving nothing behind.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <tuple>

#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/system/transport_ends.hpp"
#include "session_runner.hpp"
#include "table_rows.hpp"

namespace pipetop {
namespace {

constexpr std::uint64_t kBytes = 16 * kMiB + 12345;

using Param = std::tuple<TransportKind, WriterKind, ReaderKind, bool>;

class TransportMatrix : public ::testing::TestWithParam<Param> {};

TEST_P(TransportMatrix, ReaderCountsEveryByteTheWriterSent) {
  const auto [transport, writer, reader, busy] = GetParam();
  RunConfig config;
  config.transport = transport;
  config.writer = writer;
  config.reader = reader;
  config.busy_loop = busy;
  config.bytes_limit = kBytes;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  if (!check_transport(config))
    GTEST_SKIP() << "refused, as the unit tests check: " << check_transport(config).error().message;
  const testing::Finished run = testing::run_to_end(config);
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  EXPECT_EQ(run.writer_bytes(), kBytes);
  EXPECT_EQ(run.reader_bytes(), kBytes);
}

// A lambda's structured binding would split the macro's arguments at its commas: a function instead.
std::string matrix_name(const ::testing::TestParamInfo<Param>& info) {
  const auto& [transport, writer, reader, busy] = info.param;
  return std::string(to_string(transport)) + "_" + std::string(to_string(writer)) + "_" +
         std::string(to_string(reader)) + (busy ? "_busy" : "");
}

INSTANTIATE_TEST_SUITE_P(AllTransports, TransportMatrix,
                         ::testing::Combine(::testing::ValuesIn(testing::kinds_of(kTransports)),
                                            ::testing::ValuesIn(testing::kinds_of(kWriterStrategies)),
                                            ::testing::ValuesIn(testing::kinds_of(kReaderStrategies)),
                                            ::testing::Bool()),
                         matrix_name);

TEST(TransportEnds, EachOpensTwoEndsThatCarryBytesOneWay) {
  for (const Transport& row : kTransports) {
    Result<TransportEnds> ends = TransportEnds::open(row.kind);
    ASSERT_TRUE(ends) << row.name << ": " << ends.error().message;
    ASSERT_EQ(write(ends->write_fd(), "pipetop", 7), 7) << row.name;
    char got[8] = {};
    ASSERT_EQ(read(ends->read_fd(), got, 7), 7) << row.name;
    EXPECT_STREQ(got, "pipetop") << row.name;
    Result<std::uint64_t> size = ends->size();
    ASSERT_TRUE(size) << row.name << ": " << size.error().message;
    EXPECT_GT(*size, 0U) << row.name;
  }
}

TEST(TransportEnds, ASocketsSizeIsItsSendBufferAsTheKernelDoublesIt) {
  Result<TransportEnds> ends = TransportEnds::open(TransportKind::socketpair);
  ASSERT_TRUE(ends) << ends.error().message;
  Result<std::uint64_t> size = ends->set_size(64 * kKiB, kMiB);
  ASSERT_TRUE(size) << size.error().message;
  EXPECT_EQ(*size, 128 * kKiB) << "SO_SNDBUF reads back doubled";
}

TEST(TransportEnds, AFifoLeavesNoDirectoryBehind) {
  const std::filesystem::path tmp =
      std::filesystem::temp_directory_path() / ("pipetop_fifo_" + std::to_string(getpid()));
  std::filesystem::create_directories(tmp);
  setenv("TMPDIR", tmp.c_str(), 1);
  {
    Result<TransportEnds> ends = TransportEnds::open(TransportKind::fifo);
    ASSERT_TRUE(ends) << ends.error().message;
    EXPECT_TRUE(std::filesystem::is_empty(tmp)) << "removed once both ends are open";
  }
  unsetenv("TMPDIR");
  EXPECT_TRUE(std::filesystem::is_empty(tmp));
  std::filesystem::remove_all(tmp);
}

TEST(TransportEnds, AFifoInADirectoryThatCannotBeWrittenIsAnErrorNamingMkdtemp) {
  setenv("TMPDIR", "/proc/self", 1);
  Result<TransportEnds> ends = TransportEnds::open(TransportKind::fifo);
  unsetenv("TMPDIR");
  ASSERT_FALSE(ends);
  EXPECT_NE(ends.error().message.find("mkdtemp(/proc/self/pipetop-fifo-"), std::string::npos) << ends.error().message;
}

}  // namespace
}  // namespace pipetop

// Every strategy combination moves a known number of bytes, and the reader counts exactly what the
// writer sent. The byte count is deliberately not a multiple of the halves, so the last chunk is
// partial.

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "pipetop/core/config/strategies.hpp"
#include "session_runner.hpp"
#include "table_rows.hpp"

namespace pipetop {
namespace {

constexpr std::uint64_t kBytes = 48 * kMiB + 12345;

struct Combo {
  WriterKind writer;
  ReaderKind reader;
  bool busy;
  bool poll;
  bool huge;
};

std::string name_of(const Combo& c) {
  std::string name = std::string(to_string(c.writer)) + "_" + std::string(to_string(c.reader));
  if (c.busy) name += "_busy";
  if (c.poll) name += "_poll";
  if (c.huge) name += "_huge";
  return name;
}

using ComboParam = std::tuple<WriterKind, ReaderKind, bool, bool, bool>;

class StrategyMatrix : public ::testing::TestWithParam<ComboParam> {};

std::string combo_name(const ::testing::TestParamInfo<ComboParam>& param_info) {
  const auto& [writer, reader, busy, poll, huge] = param_info.param;
  return name_of({writer, reader, busy, poll, huge});
}

TEST_P(StrategyMatrix, ReaderCountsEveryByteTheWriterSent) {
  const auto [writer, reader, busy, poll, huge] = GetParam();
  RunConfig config;
  config.writer = writer;
  config.reader = reader;
  config.busy_loop = busy;
  config.poll = poll;
  config.huge_pages = huge;
  config.bytes_limit = kBytes;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;

  const testing::Finished run = testing::run_to_end(config);
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  EXPECT_EQ(run.writer_bytes(), kBytes);
  EXPECT_EQ(run.reader_bytes(), kBytes);
  ASSERT_GE(run.reader.size(), 2U) << "a start and an end sample at least";
  EXPECT_EQ(run.reader.front().bytes, 0U);
  if (!busy) {
    EXPECT_EQ(run.writer.back().eagain, 0U) << "blocking calls never return EAGAIN";
  }
  EXPECT_EQ(run.huge.requested, huge);
}

INSTANTIATE_TEST_SUITE_P(AllStrategies, StrategyMatrix,
                         ::testing::Combine(::testing::ValuesIn(testing::kinds_of(kWriterStrategies)),
                                            ::testing::ValuesIn(testing::kinds_of(kReaderStrategies)),
                                            ::testing::Bool(), ::testing::Bool(), ::testing::Bool()),
                         combo_name);

// The options that change how buffers are made, each on the article's fastest path.
struct BufferVariant {
  const char* name;
  void (*apply)(RunConfig&);
};

class BufferVariants : public ::testing::TestWithParam<BufferVariant> {};

TEST_P(BufferVariants, MoveEveryByte) {
  RunConfig config;
  config.writer = WriterKind::vmsplice;
  config.reader = ReaderKind::splice;
  config.bytes_limit = kBytes;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  GetParam().apply(config);
  const testing::Finished run = testing::run_to_end(config);
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  EXPECT_EQ(run.reader_bytes(), kBytes);
  EXPECT_EQ(run.writer_bytes(), kBytes);
}

INSTANTIATE_TEST_SUITE_P(
    Options, BufferVariants,
    ::testing::Values(BufferVariant{"gift", [](RunConfig& c) { c.gift = true; }},
                      BufferVariant{"gift_busy", [](RunConfig& c) { c.gift = c.busy_loop = true; }},
                      BufferVariant{"lock_memory", [](RunConfig& c) { c.lock_memory = true; }},
                      BufferVariant{"no_touch", [](RunConfig& c) { c.no_touch = true; }},
                      BufferVariant{"same_buffer", [](RunConfig& c) { c.same_buffer = true; }},
                      BufferVariant{"same_buffer_huge", [](RunConfig& c) { c.same_buffer = c.huge_pages = true; }},
                      BufferVariant{"buffer_2MiB", [](RunConfig& c) { c.buffer_bytes = 2 * kMiB; }},
                      BufferVariant{"buffer_8KiB", [](RunConfig& c) { c.buffer_bytes = 8 * kKiB; }},
                      BufferVariant{"offset_0", [](RunConfig& c) { c.buffer_offset = 0; }},
                      BufferVariant{"offset_4095", [](RunConfig& c) { c.buffer_offset = 4095; }},
                      BufferVariant{"pinned",
                                    [](RunConfig& c) {
                                      c.writer_cpu = 0;
                                      c.reader_cpu = 0;
                                    }},
                      BufferVariant{"write_read_pipe_1MiB",
                                    [](RunConfig& c) {
                                      c.writer = WriterKind::write;
                                      c.reader = ReaderKind::read;
                                      c.pipe_bytes = kMiB;
                                    }}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace pipetop

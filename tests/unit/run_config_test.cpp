#include "pipetop/core/config/run_config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "pipetop/core/config/strategies.hpp"

namespace pipetop {
namespace {

TEST(KernelPipeBytes, RoundsUpToPowerOfTwoPages) {
  EXPECT_EQ(kernel_pipe_bytes(0, 4096), 4096u);
  EXPECT_EQ(kernel_pipe_bytes(1, 4096), 4096u);
  EXPECT_EQ(kernel_pipe_bytes(4096, 4096), 4096u);
  EXPECT_EQ(kernel_pipe_bytes(4097, 4096), 8192u);
  EXPECT_EQ(kernel_pipe_bytes(3 * 4096, 4096), 4 * 4096u);
  EXPECT_EQ(kernel_pipe_bytes(64 * kKiB, 4096), 64 * kKiB);
  EXPECT_EQ(kernel_pipe_bytes(192 * kKiB, 4096), 256 * kKiB);
  EXPECT_EQ(kernel_pipe_bytes(kMiB - 1, 4096), kMiB);
  EXPECT_EQ(kernel_pipe_bytes(kMiB + 1, 4096), 2 * kMiB);
  EXPECT_EQ(kernel_pipe_bytes(100 * kKiB, 64 * kKiB), 128 * kKiB);  // 64 KiB pages
  EXPECT_EQ(kernel_pipe_bytes(200 * kKiB, 64 * kKiB), 256 * kKiB);
}

TEST(KernelPipeBytes, ResultIsAlwaysAtLeastTheRequestAndAPowerOfTwoOfPages) {
  for (std::uint64_t requested = 1; requested < 4 * kMiB; requested = requested * 5 / 3 + 11) {
    const std::uint64_t pipe = kernel_pipe_bytes(requested, 4096);
    EXPECT_GE(pipe, requested);
    EXPECT_EQ(pipe % 4096, 0u);
    const std::uint64_t pages = pipe / 4096;
    EXPECT_EQ(pages & (pages - 1), 0u) << requested;
    EXPECT_LT(pipe / 2, std::max<std::uint64_t>(requested, 4096)) << "not the smallest for " << requested;
  }
}

// As the seed lays the writer out: write owns one buffer and writes all of it per call; vmsplice owns
// two and vmsplices a whole one per call; --same-buffer splits one into halves, half per call.
TEST(WriterLayout, AsTheSeedBenchmark) {
  RunConfig c;
  c.buffer_bytes = 256 * kKiB;
  WriterLayout w = writer_layout(c);
  EXPECT_EQ(w.buffers, 1);
  EXPECT_EQ(w.buffer_bytes, 256 * kKiB);
  EXPECT_EQ(w.chunks, 1);
  EXPECT_EQ(w.chunk_bytes, 256 * kKiB);
  c.writer = WriterKind::vmsplice;
  w = writer_layout(c);
  EXPECT_EQ(w.buffers, 2);
  EXPECT_EQ(w.buffer_bytes, 256 * kKiB);
  EXPECT_EQ(w.chunks, 2);
  EXPECT_EQ(w.chunk_bytes, 256 * kKiB);
  c.same_buffer = true;
  w = writer_layout(c);
  EXPECT_EQ(w.buffers, 1);
  EXPECT_EQ(w.buffer_bytes, 256 * kKiB);
  EXPECT_EQ(w.chunks, 2);
  EXPECT_EQ(w.chunk_bytes, 128 * kKiB);
}

TEST(RequestedPipeBytes, ExplicitPipeSizeWins) {
  RunConfig c;
  c.pipe_bytes = 64 * kKiB;
  EXPECT_EQ(requested_pipe_bytes(c), 64 * kKiB);
  c.writer = WriterKind::vmsplice;
  EXPECT_EQ(requested_pipe_bytes(c), 64 * kKiB);
}

TEST(RequestedPipeBytes, VmspliceAsksForHalfTheBuffer) {
  RunConfig c;
  c.writer = WriterKind::vmsplice;
  c.buffer_bytes = kMiB;
  EXPECT_EQ(requested_pipe_bytes(c), 512 * kKiB);
}

TEST(RequestedPipeBytes, WriteLeavesTheKernelDefault) {
  RunConfig c;
  c.writer = WriterKind::write;
  c.reader = ReaderKind::splice;
  EXPECT_FALSE(requested_pipe_bytes(c).has_value());
}

TEST(StrategyNames, ParseWhatToStringWrites) {
  for (WriterKind kind : {WriterKind::write, WriterKind::vmsplice}) {
    auto r = parse_writer_kind(to_string(kind));
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, kind);
  }
  for (ReaderKind kind : {ReaderKind::read, ReaderKind::splice}) {
    auto r = parse_reader_kind(to_string(kind));
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, kind);
  }
  EXPECT_EQ(to_string(WriterKind::vmsplice), "vmsplice");
  EXPECT_EQ(to_string(ReaderKind::splice), "splice");
}

TEST(StrategyNames, UnknownWordsAreUsageErrorsNamingTheWordAndChoices) {
  for (const char* word : {"splice", "Write", "", "vmsplice "}) {
    auto r = parse_writer_kind(word);
    ASSERT_FALSE(r.has_value()) << word;
    EXPECT_EQ(r.error().kind, ExitCode::usage);
    EXPECT_NE(r.error().message.find("'" + std::string(word) + "'"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().hint.find("vmsplice"), std::string::npos) << r.error().hint;
  }
  for (const char* word : {"write", "READ", "", "sendfile"}) {
    auto r = parse_reader_kind(word);
    ASSERT_FALSE(r.has_value()) << word;
    EXPECT_EQ(r.error().kind, ExitCode::usage);
    EXPECT_NE(r.error().message.find("'" + std::string(word) + "'"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().hint.find("splice"), std::string::npos) << r.error().hint;
  }
}

}  // namespace
}  // namespace pipetop

#include "pipetop/system/output_stream.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "pipetop/core/base/duration.hpp"
#include "test_pipe.hpp"

namespace pipetop {
namespace {

using testing::TestPipe;

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

TEST(OutputStream, WritesEverythingInOrder) {
  TestPipe pipe;
  OutputStream out(pipe.writer());
  out.write("header\n");
  out.write_droppable("one\n");
  out.write("summary\n");
  EXPECT_EQ(out.flush(kNsPerS), OutputStream::Flushed::written);
  EXPECT_EQ(pipe.read_some(100), "header\none\nsummary\n");
  EXPECT_EQ(out.dropped(), 0U);
  EXPECT_EQ(out.error(), 0);
}

// Nobody reads: the writes return at once, the droppable ones beyond the limit are dropped and
// counted, the others kept; the flush gives up at its deadline and says so.
TEST(OutputStream, NeverBlocksTheCallerAndDropsOnlyDroppableText) {
  TestPipe pipe;
  const std::size_t filled = pipe.fill();
  OutputStream out(pipe.writer(), 4096);
  const std::string line(100, 'x');
  const auto start = Clock::now();
  for (int i = 0; i < 20000; ++i) out.write_droppable(line + "\n");  // 2 MB
  out.write("summary\n");
  EXPECT_LT(Clock::now() - start, 1s) << "a write waited for the reader";
  EXPECT_GT(out.dropped(), 0U);
  EXPECT_EQ(out.flush(50 * kNsPerMs), OutputStream::Flushed::timed_out);
  EXPECT_GT(out.unwritten_bytes(), 0U);
  // The reader comes back: everything kept arrives, the summary last.
  std::string all;
  while (all.find("summary\n") == std::string::npos) {
    const std::string some = pipe.read_some(65536);
    ASSERT_FALSE(some.empty());
    all += some;
  }
  EXPECT_EQ(out.flush(kNsPerS), OutputStream::Flushed::written);
  EXPECT_TRUE(all.ends_with("x\nsummary\n"));
  EXPECT_EQ(all.size(), filled + (20000 - out.dropped()) * 101 + 8);
}

TEST(OutputStream, FlushStopsWhenTheWakeFdIsReadable) {
  TestPipe stdout_pipe;
  TestPipe wake;
  std::size_t left = stdout_pipe.fill();
  OutputStream out(stdout_pipe.writer());
  out.write("stuck\n");
  left += 6;
  ASSERT_EQ(write(wake.writer(), "!", 1), 1);
  const auto start = Clock::now();
  EXPECT_EQ(out.flush(10 * kNsPerS, wake.reader()), OutputStream::Flushed::interrupted);
  EXPECT_LT(Clock::now() - start, 1s);
  while (left > 0) left -= stdout_pipe.read_some(left).size();  // lets the thread end
}

TEST(OutputStream, AFailedWriteIsKeptWithItsErrno) {
  const int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
  if (full < 0) GTEST_SKIP() << "no /dev/full";
  {
    OutputStream out(full);
    out.write("lost\n");
    EXPECT_EQ(out.flush(kNsPerS), OutputStream::Flushed::failed);
    EXPECT_EQ(out.error(), ENOSPC);
    out.write("also lost\n");
    EXPECT_EQ(out.flush(kNsPerS), OutputStream::Flushed::failed);
  }
  close(full);
}

TEST(OutputStream, NothingWrittenIsFlushedAtOnce) {
  OutputStream out(-1);
  EXPECT_EQ(out.flush(0), OutputStream::Flushed::written);
}

}  // namespace
}  // namespace pipetop

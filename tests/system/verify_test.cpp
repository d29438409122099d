// --verify: the reader checks every byte of the stream against the position-dependent pattern.

#include <gtest/gtest.h>
#include <unistd.h>

#include <thread>
#include <vector>

#include "pipetop/core/config/pattern.hpp"
#include "pipetop/system/transfer_reader.hpp"
#include "pipetop/system/transport_ends.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

RunConfig verify_config(WriterKind writer) {
  RunConfig config;
  config.writer = writer;
  config.verify = true;
  config.bytes_limit = 32 * kMiB + 7;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  return config;
}

TEST(Verify, WriteReadStreamHasNoMismatches) {
  const testing::Finished run = testing::run_to_end(verify_config(WriterKind::write));
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  ASSERT_TRUE(run.verify);
  EXPECT_EQ(run.verify->bytes_checked, 32 * kMiB + 7);
  EXPECT_EQ(run.verify->mismatches, 0U);
}

// With the double-buffering rule (pipe = one half), reusing a half after its vmsplice completed is
// safe: the other half's completed vmsplice proves the pipe no longer holds it.
TEST(Verify, VmspliceWithDoubleBufferingHasNoMismatches) {
  RunConfig config = verify_config(WriterKind::vmsplice);
  config.busy_loop = true;
  const testing::Finished run = testing::run_to_end(config);
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  ASSERT_TRUE(run.verify);
  EXPECT_EQ(run.verify->bytes_checked, 32 * kMiB + 7);
  EXPECT_EQ(run.verify->mismatches, 0U);
}

// The reader must catch corruption planted in the stream: run the real reader loop in-process on a
// pipe fed by a thread that writes the pattern with some bytes flipped.
TEST(Verify, ReaderFindsPlantedCorruption) {
  Result<TransportEnds> pipe = TransportEnds::open(TransportKind::pipe);
  ASSERT_TRUE(pipe) << pipe.error().message;
  constexpr std::size_t kStream = 4 * kMiB + 3;
  constexpr std::size_t kFirstBad = 1'000'003;
  std::vector<std::byte> stream(kStream);
  fill_pattern(stream, 0);
  stream[kFirstBad] ^= std::byte{0x40};
  stream[3 * kMiB] ^= std::byte{0x01};
  stream[kStream - 1] ^= std::byte{0xff};

  const int write_fd = pipe->write_fd();
  std::thread feeder([&] {
    for (std::size_t done = 0; done < stream.size();) {
      const ssize_t n = write(write_fd, stream.data() + done, std::min<std::size_t>(stream.size() - done, 100'000));
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    pipe->close_write();
  });

  auto control = std::make_unique<ControlBlock>();
  control->go.store(1);
  RunConfig config;
  config.verify = true;
  config.buffer_bytes = 64 * kKiB;
  const std::vector<CounterRequest> no_counters;
  const WorkerContext ctx{config, no_counters, testing::live_machine(), pipe->read_fd(), *control, control->reader};
  const int code = run_reader(ctx);
  feeder.join();

  EXPECT_EQ(code, 0);
  EXPECT_EQ(control->reader.load_state(), WorkerState::finished);
  EXPECT_EQ(control->reader.report.verify_checked, kStream);
  EXPECT_EQ(control->reader.report.verify_mismatches, 3U);
  EXPECT_EQ(control->reader.report.verify_first_mismatch, kFirstBad);
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/config/command_line.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pipetop {
namespace {

TEST(RunCommandLine, DefaultConfigHasNoOptions) {
  EXPECT_EQ(run_command_line(RunConfig{}), "pipetop run");
}

TEST(RunCommandLine, NonDefaultConfigInCliSpelling) {
  RunConfig c;
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  c.huge_pages = true;
  c.busy_loop = true;
  c.gift = true;
  c.buffer_bytes = kMiB;
  c.pipe_bytes = 512 * kKiB;
  c.writer_cpu = 2;
  c.reader_cpu = 5;
  c.interval_ns = 100 * kNsPerMs;
  c.duration_ns = 30 * kNsPerS;
  c.bytes_limit = 10 * kGiB;
  EXPECT_EQ(run_command_line(c),
            "pipetop run --writer vmsplice --reader splice --huge-pages --busy-loop --gift --buffer-size 1MiB "
            "--pipe-size 512KiB --writer-cpu 2 --reader-cpu 5 --interval 100ms --duration 30s --bytes 10GiB");
}

TEST(RunCommandLine, RemainingFlagsAndUnpinnedCpu) {
  RunConfig c;
  c.poll = true;
  c.lock_memory = true;
  c.no_touch = true;
  c.same_buffer = true;
  c.verify = true;
  c.writer_cpu = kUnpinned;
  c.buffer_bytes = 1000;
  c.interval_ns = 1500 * kNsPerUs;
  EXPECT_EQ(run_command_line(c),
            "pipetop run --poll --lock-memory --no-touch --same-buffer --verify --buffer-size 1000 --writer-cpu -1 "
            "--interval 1500us");
}

TEST(RunCommandLine, SizesAndDurationsAreWrittenSoTheyParseBack) {
  RunConfig c;
  c.buffer_bytes = 3 * kMiB + 2;
  c.duration_ns = 1500 * kNsPerMs;
  const std::string line = run_command_line(c);
  EXPECT_NE(line.find("--buffer-size " + std::to_string(3 * kMiB + 2)), std::string::npos) << line;
  EXPECT_NE(line.find("--duration 1500ms"), std::string::npos) << line;
  auto size = parse_size(format_size_arg(c.buffer_bytes));
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(*size, c.buffer_bytes);
}

// The user's program at one end: the line re-runs that form, the other program by its command line.
OtherEnd end_of(WorkerRole role, std::string command_line) {
  OtherEnd end;
  end.role = role;
  end.command_line = std::move(command_line);
  end.until_end = true;
  return end;
}

TEST(RunCommandLine, StdinFormNamesTheProducerAndLeavesTheFormsSpliceDefault) {
  RunConfig c;
  c.reader = ReaderKind::splice;
  c.busy_loop = true;
  const OtherEnd end = end_of(WorkerRole::writer, "yes y");
  EXPECT_EQ(run_command_line(c, &end), "yes y | pipetop run --stdin --busy-loop");
  c.reader = ReaderKind::read;
  EXPECT_EQ(run_command_line(c, &end), "yes y | pipetop run --stdin --reader read --busy-loop");
  const OtherEnd unknown = end_of(WorkerRole::writer, "");
  EXPECT_EQ(run_command_line(c, &unknown), "PRODUCER | pipetop run --stdin --reader read --busy-loop");
}

TEST(RunCommandLine, CommandFormQuotesItsArgumentsAfterTheOptions) {
  RunConfig c;
  c.reader = ReaderKind::splice;
  c.duration_ns = 5 * kNsPerS;
  OtherEnd end = end_of(WorkerRole::writer, "sh -c echo hi");
  end.command = {"sh", "-c", "echo 'hi' there"};
  end.until_end = false;  // --duration given: written even at its default
  EXPECT_EQ(run_command_line(c, &end), R"(pipetop run --duration 5s -- sh -c 'echo '\''hi'\'' there')");
}

TEST(RunCommandLine, StdoutAndPassForms) {
  RunConfig c;
  c.writer = WriterKind::vmsplice;
  const OtherEnd consumer = end_of(WorkerRole::reader, "wc -c");
  EXPECT_EQ(run_command_line(c, &consumer), "pipetop run --stdout --writer vmsplice | wc -c");
  RunConfig p;
  p.reader = ReaderKind::splice;
  OtherEnd pass = end_of(WorkerRole::writer, "cat big");
  pass.pass = true;
  EXPECT_EQ(run_command_line(p, &pass), "cat big | pipetop run --stdin --pass | CONSUMER");
}

// Default pinning fills in both CPUs; the other program's is not pipetop's to set, and the run refuses it.
TEST(RunCommandLine, OnlyPipetopsOwnWorkersCpuIsWritten) {
  RunConfig c;
  c.reader = ReaderKind::splice;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  const OtherEnd producer = end_of(WorkerRole::writer, "yes");
  EXPECT_EQ(run_command_line(c, &producer), "yes | pipetop run --stdin --reader-cpu 1");
  c.reader = ReaderKind::read;
  const OtherEnd consumer = end_of(WorkerRole::reader, "wc -c");
  EXPECT_EQ(run_command_line(c, &consumer), "pipetop run --stdout --writer-cpu 0 | wc -c");
}

}  // namespace
}  // namespace pipetop

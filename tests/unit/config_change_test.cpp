#include "pipetop/core/config/config_change.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

TEST(DescribeChange, EqualConfigsAreARestart) {
  const RunConfig c;
  EXPECT_EQ(describe_change(c, c), "restart");
  // Fields the dashboard cannot change from a key do not make a label either.
  RunConfig d = c;
  d.duration_ns = 1;
  EXPECT_EQ(describe_change(c, d), "restart");
}

TEST(DescribeChange, Strategies) {
  RunConfig a;
  RunConfig b = a;
  b.writer = WriterKind::vmsplice;
  EXPECT_EQ(describe_change(a, b), "+vmsplice");
  EXPECT_EQ(describe_change(b, a), "-vmsplice");
  RunConfig c = a;
  c.reader = ReaderKind::splice;
  EXPECT_EQ(describe_change(a, c), "+splice");
  EXPECT_EQ(describe_change(c, a), "-splice");
}

TEST(DescribeChange, Flags) {
  const std::pair<bool RunConfig::*, const char*> flags[] = {
      {&RunConfig::huge_pages, "huge"}, {&RunConfig::busy_loop, "busy"},    {&RunConfig::poll, "poll"},
      {&RunConfig::gift, "gift"},       {&RunConfig::lock_memory, "mlock"}, {&RunConfig::verify, "verify"}};
  for (const auto& [member, name] : flags) {
    RunConfig off;
    RunConfig on;
    on.*member = true;
    EXPECT_EQ(describe_change(off, on), std::string("+") + name);
    EXPECT_EQ(describe_change(on, off), std::string("-") + name);
  }
  RunConfig busy;
  busy.busy_loop = true;
  EXPECT_EQ(describe_change(busy, RunConfig{}), "-busy");
}

TEST(DescribeChange, PrefaultIsNamedByWhatItDoes) {
  RunConfig touch;
  RunConfig no_touch;
  no_touch.no_touch = true;
  EXPECT_EQ(describe_change(touch, no_touch), "-prefault");
  EXPECT_EQ(describe_change(no_touch, touch), "+prefault");
}

TEST(DescribeChange, Sizes) {
  RunConfig a;
  RunConfig b = a;
  b.buffer_bytes = 1 * kMiB;
  EXPECT_EQ(describe_change(a, b), "buf 1M");
  b.buffer_bytes = 128 * kKiB;
  EXPECT_EQ(describe_change(a, b), "buf 128K");
  b.buffer_bytes = 1000;
  EXPECT_EQ(describe_change(a, b), "buf 1000");
  RunConfig p = a;
  p.pipe_bytes = 256 * kKiB;
  EXPECT_EQ(describe_change(a, p), "pipe 256K");
  EXPECT_EQ(describe_change(p, a), "pipe auto");
  RunConfig g = a;
  g.pipe_bytes = 1 * kGiB;
  EXPECT_EQ(describe_change(p, g), "pipe 1G");
}

TEST(DescribeChange, Cpus) {
  RunConfig a;
  a.writer_cpu = 0;
  a.reader_cpu = 1;
  RunConfig same = a;
  same.reader_cpu = 0;
  EXPECT_EQ(describe_change(a, same), "cpu 0→0");
  RunConfig any = a;
  any.writer_cpu = kUnpinned;
  any.reader_cpu = kUnpinned;
  EXPECT_EQ(describe_change(same, any), "cpu *→*");
  EXPECT_EQ(describe_change(any, a), "cpu 0→1");
  RunConfig unset;
  EXPECT_EQ(describe_change(a, unset), "cpu *→*");
}

TEST(DescribeChange, SeveralChangesJoinedWithSpaces) {
  RunConfig a;
  RunConfig b = a;
  b.writer = WriterKind::vmsplice;
  b.reader = ReaderKind::splice;
  EXPECT_EQ(describe_change(a, b), "+vmsplice +splice");
  b.huge_pages = true;
  b.buffer_bytes = 2 * kMiB;
  b.pipe_bytes = 1 * kMiB;
  EXPECT_EQ(describe_change(a, b), "+vmsplice +splice +huge buf 2M pipe 1M");
  RunConfig c = a;
  c.busy_loop = true;
  c.writer_cpu = 3;
  c.reader_cpu = 3;
  EXPECT_EQ(describe_change(a, c), "+busy cpu 3→3");
}

TEST(DescribeConfig, DefaultAndEverythingOn) {
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  EXPECT_EQ(describe_config(c), "write → read · buffer 256 KiB · cpu 0→1");
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  c.huge_pages = true;
  c.busy_loop = true;
  c.buffer_bytes = 1 * kMiB;
  c.reader_cpu = kUnpinned;
  EXPECT_EQ(describe_config(c), "vmsplice → splice · huge pages · busy loop · buffer 1 MiB · cpu 0→any");
  RunConfig unset;
  unset.no_touch = true;
  EXPECT_EQ(describe_config(unset), "write → read · no pre-fault · buffer 256 KiB · cpu any→any");
}

}  // namespace
}  // namespace pipetop

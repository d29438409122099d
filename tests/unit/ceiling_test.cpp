// The memory ceiling's model (issue 22 §1): the copies each writer and reader strategy makes of a byte over
// each transport, whether they take turns, the most that lets a configuration reach as a share of memcpy,
// and the words a run's summary states it in.

#include "pipetop/core/figures/ceiling.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/config/strategies.hpp"

namespace pipetop {
namespace {

RunConfig config(WriterKind writer, ReaderKind reader, TransportKind transport = TransportKind::pipe) {
  RunConfig c;
  c.writer = writer;
  c.reader = reader;
  c.transport = transport;
  return c;
}

const Ceiling kMemcpy{256 * 1024, 0, 50'000'000, 14.2};

TEST(Ceiling, CopiesPerByteOfEachStrategyOverAPipe) {
  struct Row {
    WriterKind writer;
    ReaderKind reader;
    int copies;
  };
  for (const Row& row :
       {Row{WriterKind::write, ReaderKind::read, 2}, Row{WriterKind::vmsplice, ReaderKind::read, 1},
        Row{WriterKind::write, ReaderKind::splice, 1}, Row{WriterKind::sendfile, ReaderKind::read, 1},
        Row{WriterKind::vmsplice, ReaderKind::splice, 0}, Row{WriterKind::sendfile, ReaderKind::splice, 0}}) {
    const CopyPath path = copy_path(config(row.writer, row.reader));
    EXPECT_EQ(path.copies(), row.copies) << to_string(row.writer) << "/" << to_string(row.reader);
    EXPECT_TRUE(path.take_turns);
  }
}

TEST(Ceiling, APipesCopiesTakeTurnsSoTwoReachHalfOfMemcpy) {
  EXPECT_EQ(ceiling_fraction(copy_path(config(WriterKind::write, ReaderKind::read))), 0.5);
  EXPECT_EQ(ceiling_fraction(copy_path(config(WriterKind::vmsplice, ReaderKind::read))), 1.0);
  EXPECT_EQ(ceiling_fraction(copy_path(config(WriterKind::write, ReaderKind::splice))), 1.0);
  EXPECT_EQ(ceiling_fraction(copy_path(config(WriterKind::write, ReaderKind::read, TransportKind::fifo))), 0.5);
}

TEST(Ceiling, ASocketsTwoCopiesRunAtOnceSoTheyReachMemcpy) {
  for (const TransportKind t : {TransportKind::socketpair, TransportKind::tcp}) {
    const CopyPath path = copy_path(config(WriterKind::write, ReaderKind::read, t));
    EXPECT_EQ(path.copies(), 2);
    EXPECT_FALSE(path.take_turns);
    EXPECT_EQ(ceiling_fraction(path), 1.0);
  }
}

TEST(Ceiling, NoCopyMeansMemcpyIsNoCeiling) {
  EXPECT_EQ(ceiling_fraction(copy_path(config(WriterKind::vmsplice, ReaderKind::splice))), std::nullopt);
  const std::string words = ceiling_words(config(WriterKind::vmsplice, ReaderKind::splice), kMemcpy, 44.3);
  EXPECT_EQ(words,
            "vmsplice/splice: no copy per byte, the bytes are never touched, so memcpy is no ceiling (the per-page "
            "bookkeeping is); at 312% of memcpy");
}

TEST(Ceiling, ZeroCopyOverLoopbackStillCopies) {
  RunConfig c = config(WriterKind::write, ReaderKind::read, TransportKind::tcp);
  c.zerocopy = true;
  EXPECT_EQ(copy_path(c).writer_copies, 1);
  EXPECT_NE(ceiling_words(c, kMemcpy, 3.0).find("copied by the kernel for the local receiver"), std::string::npos);
}

TEST(Ceiling, WordsStateTheReasonAndTheShare) {
  EXPECT_EQ(ceiling_words(config(WriterKind::write, ReaderKind::read), kMemcpy, 3.27),
            "write/read: two copies per byte, taking turns under the pipe's lock, at most half of memcpy; at 23% of "
            "memcpy");
  EXPECT_EQ(ceiling_words(config(WriterKind::vmsplice, ReaderKind::read), kMemcpy, 7.1),
            "vmsplice/read: one copy per byte (the reader's), at most memcpy; at 50% of memcpy");
  EXPECT_EQ(ceiling_words(config(WriterKind::write, ReaderKind::splice, TransportKind::socketpair), kMemcpy, 7.1),
            "write/splice over socketpair: one copy per byte (the writer's), at most memcpy; at 50% of memcpy");
  EXPECT_EQ(ceiling_words(config(WriterKind::write, ReaderKind::read, TransportKind::tcp), kMemcpy, std::nullopt),
            "write/read over tcp: two copies per byte, the writer's and the reader's at once, each on its CPU, at "
            "most memcpy; no figure to set beside it");
}

TEST(Ceiling, ShareIsTheFigureOverMemcpy) {
  EXPECT_DOUBLE_EQ(*ceiling_share(kMemcpy, 7.1), 0.5);
  EXPECT_EQ(ceiling_share(kMemcpy, std::nullopt), std::nullopt);
  EXPECT_EQ(ceiling_share(Ceiling{}, 7.1), std::nullopt);  // nothing measured: no share
}

TEST(Ceiling, LabelNamesMemcpyAndItsFigure) {
  EXPECT_EQ(ceiling_label(kMemcpy), "memcpy 14.2 GiB/s");
}

TEST(Ceiling, TakenFromChecksFactsOnlyForTheSameBufferSize) {
  const MemoryBandwidth facts{
      3,
      100'000'000,
      {{MemoryLoop::read, 262144, 30.0}, {MemoryLoop::copy, 262144, 14.2}, {MemoryLoop::copy, 64 * 1024 * 1024, 9.0}}};
  const std::optional<Ceiling> c = ceiling_of(facts, 262144);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->memcpy_gib_per_s, 14.2);  // the copy, not the read of the same size
  EXPECT_EQ(c->cpu, 3);
  EXPECT_EQ(ceiling_of(facts, 128 * 1024), std::nullopt);
}

}  // namespace
}  // namespace pipetop

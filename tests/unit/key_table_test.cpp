#include "pipetop/core/key_table.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

KeyEffect press(DashboardState& s, int key) {
  const KeyBinding* k = find_key(key);
  EXPECT_NE(k, nullptr) << "key " << static_cast<char>(key);
  if (k == nullptr) return KeyEffect::redraw;
  return k->apply(s);
}

int cells(std::string_view utf8) {
  int n = 0;
  for (const char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

TEST(KeyTable, UnboundKeysHaveNoBinding) {
  for (const int key : std::initializer_list<int>{'y', 'z', 'V', 'a', '0', 0, -1, 27, '\n'})
    EXPECT_EQ(find_key(key), nullptr) << key;
}

TEST(KeyTable, AlternatesFindTheSameBinding) {
  EXPECT_EQ(find_key('='), find_key('+'));
  EXPECT_EQ(find_key('_'), find_key('-'));
  EXPECT_EQ(find_key('H'), find_key('?'));
  EXPECT_EQ(find_key('Q'), find_key('q'));
  EXPECT_NE(find_key('+'), find_key('-'));
  EXPECT_NE(find_key(']'), find_key('['));
}

TEST(KeyTable, EveryKeyIsBoundOnce) {
  std::set<int> seen;
  for (const KeyBinding& k : key_bindings()) {
    EXPECT_TRUE(seen.insert(k.key).second) << static_cast<char>(k.key);
    if (k.alternate != 0) {
      EXPECT_TRUE(seen.insert(k.alternate).second) << static_cast<char>(k.alternate);
    }
    EXPECT_NE(k.apply, nullptr);
    EXPECT_EQ(find_key(k.key), &k);
  }
}

TEST(KeyTable, LabelledBindingsHaveFooterAndHelpTextThatFits) {
  int labelled = 0;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) {
      EXPECT_TRUE(k.short_help.empty());
      continue;
    }
    ++labelled;
    EXPECT_FALSE(k.short_help.empty()) << k.label;
    EXPECT_FALSE(k.help.empty()) << k.label;
    EXPECT_LE(cells(k.help), 30) << k.help;  // two help columns of 37 cells (80 wide) leave 30 for it
    EXPECT_LE(cells(k.label), 5) << k.label;
  }
  EXPECT_EQ(labelled, 17);
  // The unlabelled ones are the second halves of "+/-" and "]/[".
  EXPECT_TRUE(find_key('-')->label.empty());
  EXPECT_TRUE(find_key('[')->label.empty());
  EXPECT_EQ(find_key('+')->label, "+/-");
  EXPECT_EQ(find_key(']')->label, "]/[");
  EXPECT_EQ(find_key(' ')->label, "space");
}

// key_table.hpp promises help texts of "at most 28 cells: two columns fit 80 wide"; the export key's
// "export segment: cmd, csv, json" is 30. It still fits at 80 columns (30 cells are left there), but
// at 78 and 79 columns the help overlay cuts it to "export segment: cmd, csv, js…".
TEST(KeyTable, HelpTextsAreAtMost28Cells) {
  for (const KeyBinding& k : key_bindings()) EXPECT_LE(cells(k.help), 28) << k.help;
}

TEST(KeyTable, XRequestsAnExport) {
  DashboardState s;
  const RunConfig before = s.config;
  EXPECT_EQ(press(s, 'x'), KeyEffect::redraw);
  EXPECT_TRUE(s.export_requested);
  EXPECT_EQ(s.config.buffer_bytes, before.buffer_bytes);
  EXPECT_FALSE(s.reset_requested);
}

TEST(KeyTable, VTogglesWriteAndVmsplice) {
  DashboardState s;
  s.config.pipe_bytes = 1 * kMiB;
  EXPECT_EQ(press(s, 'v'), KeyEffect::restart);
  EXPECT_EQ(s.config.writer, WriterKind::vmsplice);
  EXPECT_FALSE(s.config.pipe_bytes.has_value());  // the vmsplice rule sizes the pipe again
  s.config.gift = true;
  s.config.pipe_bytes = 2 * kMiB;
  EXPECT_EQ(press(s, 'v'), KeyEffect::restart);
  EXPECT_EQ(s.config.writer, WriterKind::write);
  EXPECT_FALSE(s.config.gift);  // gift needs vmsplice
  EXPECT_FALSE(s.config.pipe_bytes.has_value());
}

TEST(KeyTable, VKeepsGiftWhenGoingToVmsplice) {
  DashboardState s;
  s.config.gift = true;
  press(s, 'v');
  EXPECT_EQ(s.config.writer, WriterKind::vmsplice);
  EXPECT_TRUE(s.config.gift);
}

TEST(KeyTable, STogglesReadAndSplice) {
  DashboardState s;
  s.config.verify = true;
  EXPECT_EQ(press(s, 's'), KeyEffect::restart);
  EXPECT_EQ(s.config.reader, ReaderKind::splice);
  EXPECT_FALSE(s.config.verify);  // splice never sees the bytes
  EXPECT_EQ(press(s, 's'), KeyEffect::restart);
  EXPECT_EQ(s.config.reader, ReaderKind::read);
  EXPECT_FALSE(s.config.verify);
}

TEST(KeyTable, FlagTogglesRestart) {
  const std::pair<int, bool RunConfig::*> flags[] = {{'h', &RunConfig::huge_pages},  {'b', &RunConfig::busy_loop},
                                                     {'p', &RunConfig::poll},        {'g', &RunConfig::gift},
                                                     {'m', &RunConfig::lock_memory}, {'t', &RunConfig::no_touch}};
  for (const auto& [key, member] : flags) {
    DashboardState s;
    const RunConfig before = s.config;
    EXPECT_EQ(press(s, key), KeyEffect::restart) << static_cast<char>(key);
    EXPECT_NE(s.config.*member, before.*member) << static_cast<char>(key);
    // Nothing else changed.
    RunConfig expected = before;
    expected.*member = !(before.*member);
    EXPECT_EQ(s.config.huge_pages, expected.huge_pages);
    EXPECT_EQ(s.config.busy_loop, expected.busy_loop);
    EXPECT_EQ(s.config.poll, expected.poll);
    EXPECT_EQ(s.config.gift, expected.gift);
    EXPECT_EQ(s.config.lock_memory, expected.lock_memory);
    EXPECT_EQ(s.config.no_touch, expected.no_touch);
    EXPECT_EQ(s.config.writer, expected.writer);
    EXPECT_EQ(s.config.reader, expected.reader);
    EXPECT_EQ(press(s, key), KeyEffect::restart);
    EXPECT_EQ(s.config.*member, before.*member) << static_cast<char>(key);
  }
}

TEST(KeyTable, PlusAndMinusDoubleAndHalveTheBuffer) {
  DashboardState s;
  ASSERT_EQ(s.config.buffer_bytes, 256 * kKiB);
  EXPECT_EQ(press(s, '+'), KeyEffect::restart);
  EXPECT_EQ(s.config.buffer_bytes, 512 * kKiB);
  press(s, '=');
  EXPECT_EQ(s.config.buffer_bytes, 1 * kMiB);
  EXPECT_EQ(press(s, '-'), KeyEffect::restart);
  EXPECT_EQ(s.config.buffer_bytes, 512 * kKiB);
  press(s, '_');
  EXPECT_EQ(s.config.buffer_bytes, 256 * kKiB);
  // Halving stops at two bytes (one per writer half).
  s.config.buffer_bytes = 4;
  press(s, '-');
  EXPECT_EQ(s.config.buffer_bytes, 2U);
  press(s, '-');
  EXPECT_EQ(s.config.buffer_bytes, 2U);
}

TEST(KeyTable, BracketsDoubleAndHalveThePipeFromTheRunningSize) {
  DashboardState s;
  s.pipe_bytes = 64 * kKiB;  // the running pipe, --pipe-size unset
  ASSERT_FALSE(s.config.pipe_bytes.has_value());
  EXPECT_EQ(press(s, ']'), KeyEffect::restart);
  EXPECT_EQ(s.config.pipe_bytes, 128 * kKiB);
  press(s, ']');
  EXPECT_EQ(s.config.pipe_bytes, 256 * kKiB);
  EXPECT_EQ(press(s, '['), KeyEffect::restart);
  EXPECT_EQ(s.config.pipe_bytes, 128 * kKiB);

  DashboardState big;
  big.pipe_bytes = 1 * kMiB;  // e.g. sized by the vmsplice rule
  press(big, '[');
  EXPECT_EQ(big.config.pipe_bytes, 512 * kKiB);

  DashboardState unknown;  // no running pipe known: the kernel default
  press(unknown, ']');
  EXPECT_EQ(unknown.config.pipe_bytes, 128 * kKiB);

  DashboardState small;
  small.config.pipe_bytes = 8192;
  press(small, '[');
  EXPECT_EQ(small.config.pipe_bytes, 4096U);
  press(small, '[');
  EXPECT_EQ(small.config.pipe_bytes, 4096U);  // one page at least
}

TEST(KeyTable, CCyclesSeparateSameUnpinned) {
  DashboardState s;
  s.separate = {2, 5};
  ASSERT_EQ(pinning_of(s.config, s.separate), Pinning::separate_cores);  // unset: the default pair
  EXPECT_EQ(press(s, 'c'), KeyEffect::restart);
  EXPECT_EQ(s.config.writer_cpu, 2);
  EXPECT_EQ(s.config.reader_cpu, 2);
  EXPECT_EQ(pinning_of(s.config, s.separate), Pinning::same_core);
  press(s, 'c');
  EXPECT_EQ(s.config.writer_cpu, kUnpinned);
  EXPECT_EQ(s.config.reader_cpu, kUnpinned);
  EXPECT_EQ(pinning_of(s.config, s.separate), Pinning::unpinned);
  press(s, 'c');
  EXPECT_EQ(s.config.writer_cpu, 2);
  EXPECT_EQ(s.config.reader_cpu, 5);
  EXPECT_EQ(pinning_of(s.config, s.separate), Pinning::separate_cores);
  press(s, 'c');
  EXPECT_EQ(pinning_of(s.config, s.separate), Pinning::same_core);
}

TEST(KeyTable, PinningOf) {
  const CpuPair pair{0, 1};
  RunConfig c;
  EXPECT_EQ(pinning_of(c, pair), Pinning::separate_cores);
  c.writer_cpu = 3;
  c.reader_cpu = 3;
  EXPECT_EQ(pinning_of(c, pair), Pinning::same_core);
  c.reader_cpu = 7;
  EXPECT_EQ(pinning_of(c, pair), Pinning::separate_cores);
  c.writer_cpu = kUnpinned;
  c.reader_cpu = kUnpinned;
  EXPECT_EQ(pinning_of(c, pair), Pinning::unpinned);
  RunConfig only_writer;
  only_writer.writer_cpu = 1;  // the reader's default is 1 too
  EXPECT_EQ(pinning_of(only_writer, pair), Pinning::same_core);
}

TEST(KeyTable, ViewKeysRedrawWithoutTouchingTheConfiguration) {
  DashboardState s;
  const RunConfig before = s.config;
  EXPECT_EQ(press(s, 'l'), KeyEffect::redraw);
  EXPECT_TRUE(s.log_scale);
  EXPECT_EQ(press(s, 'l'), KeyEffect::redraw);
  EXPECT_FALSE(s.log_scale);
  EXPECT_EQ(press(s, ' '), KeyEffect::redraw);
  EXPECT_TRUE(s.frozen);
  press(s, ' ');
  EXPECT_FALSE(s.frozen);
  EXPECT_EQ(press(s, '?'), KeyEffect::redraw);
  EXPECT_TRUE(s.help);
  EXPECT_EQ(press(s, 'H'), KeyEffect::redraw);
  EXPECT_FALSE(s.help);
  EXPECT_EQ(press(s, 'r'), KeyEffect::redraw);
  EXPECT_TRUE(s.reset_requested);
  press(s, 'r');
  EXPECT_TRUE(s.reset_requested);  // a request, not a toggle
  EXPECT_EQ(s.config.writer, before.writer);
  EXPECT_EQ(s.config.buffer_bytes, before.buffer_bytes);
  EXPECT_EQ(s.config.huge_pages, before.huge_pages);
  EXPECT_FALSE(s.export_requested);
}

TEST(KeyTable, QQuits) {
  DashboardState s;
  EXPECT_EQ(press(s, 'q'), KeyEffect::quit);
  EXPECT_EQ(press(s, 'Q'), KeyEffect::quit);
}

TEST(KeyTable, EffectsByKind) {
  for (const int key : {'v', 's', 'h', 'b', '+', '-', 'c', ']', '[', 'p', 'g', 'm', 't'}) {
    DashboardState s;
    EXPECT_EQ(press(s, key), KeyEffect::restart) << static_cast<char>(key);
  }
  for (const int key : {'l', ' ', 'r', '?', 'x'}) {
    DashboardState s;
    EXPECT_EQ(press(s, key), KeyEffect::redraw) << static_cast<char>(key);
  }
}

}  // namespace
}  // namespace pipetop

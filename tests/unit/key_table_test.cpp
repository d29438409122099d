#include "pipetop/core/screen/key_table.hpp"

#include <gtest/gtest.h>

#include <set>
#include <span>
#include <string>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/strategies.hpp"

namespace pipetop {
namespace {

KeyEffect press(DashboardState& s, int key) {
  const KeyBinding* k = find_key(key);
  EXPECT_NE(k, nullptr) << "key " << static_cast<char>(key);
  if (k == nullptr) return KeyEffect::redraw;
  return pipetop::press(*k, s);
}

int cells(std::string_view utf8) {
  int n = 0;
  for (const char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

TEST(KeyTable, UnboundKeysHaveNoBinding) {
  for (const int key : std::initializer_list<int>{'V', 'A', '0', '7', 0, -1, 27, '\n'})
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
    EXPECT_EQ(k.flag != nullptr, k.flag != nullptr && k.flag->key == k.key);
    EXPECT_EQ(find_key(k.key), &k);
  }
}

TEST(KeyTable, LabelledBindingsHaveFooterAndHelpTextThatFits) {
  int labelled = 0;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) {
      EXPECT_TRUE(k.footer.empty());
      continue;
    }
    ++labelled;
    EXPECT_FALSE(k.footer.empty()) << k.label;
    EXPECT_FALSE(k.help.empty()) << k.label;
    EXPECT_LE(cells(k.label), 5) << k.label;
  }
  EXPECT_EQ(labelled, 34);  // with f (transport), O (buffer offset), Z (MSG_ZEROCOPY), a (A/B), P (pages), F (prefault)
  // The unlabelled ones are the second halves of "+/-", "]/[" and "→/←", and the number keys after 1.
  EXPECT_TRUE(find_key(kKeyLeft)->label.empty());
  EXPECT_TRUE(find_key('2')->label.empty());
  EXPECT_EQ(find_key('1')->label, "1-6");
  EXPECT_TRUE(find_key('-')->label.empty());
  EXPECT_TRUE(find_key('[')->label.empty());
  EXPECT_EQ(find_key('+')->label, "+/-");
  EXPECT_EQ(find_key(']')->label, "]/[");
  EXPECT_EQ(find_key(' ')->label, "space");
}

// One limit, which the help overlay lays its columns out by: every line fits it whole.
TEST(KeyTable, HelpTextsFitTheHelpColumn) {
  for (const KeyBinding& k : key_bindings()) EXPECT_LE(cells(k.help), kKeyHelpCells) << k.help;
}

// Every flag of RunConfig has its key, and the key flips exactly that flag.
TEST(KeyTable, EveryFlagHasAKeyThatFlipsIt) {
  for (const FlagOption& flag : kFlagOptions) {
    const KeyBinding* k = find_key(flag.key);
    ASSERT_NE(k, nullptr) << flag.name;
    EXPECT_EQ(k->flag, &flag) << flag.name;
    DashboardState s;
    RunConfig expected = s.config;
    expected.*flag.member = true;
    EXPECT_EQ(press(s, flag.key), KeyEffect::restart) << flag.name;
    EXPECT_EQ(s.config, expected) << flag.name;
    EXPECT_EQ(key_is_on(*k, s), !flag.inverted) << flag.name;
  }
}

TEST(KeyTable, XAndRSayWhatFollowsWithoutTouchingTheState) {
  DashboardState s;
  const RunConfig before = s.config;
  EXPECT_EQ(press(s, 'x'), KeyEffect::export_segment);
  EXPECT_EQ(press(s, 'r'), KeyEffect::reset_history);
  EXPECT_EQ(s.config, before);
}

// The strategy keys are the tables' rows: each cycles its side through every strategy, and its help
// line names them all.
TEST(KeyTable, EachStrategyKeyIsItsTablesAndNamesEveryStrategy) {
  const auto check = [](const StrategyKey& row, const auto& table, auto kind_of) {
    const KeyBinding* k = find_key(row.key);
    ASSERT_NE(k, nullptr) << row.key;
    EXPECT_EQ(k->footer, row.footer);
    EXPECT_EQ(k->help, row.help);
    DashboardState s;
    for (const auto& strategy : table) {
      EXPECT_NE(row.help.find(strategy.name), std::string_view::npos) << row.help << " lacks " << strategy.name;
      EXPECT_EQ(kind_of(s), strategy.kind);
      EXPECT_EQ(pipetop::press(*k, s), KeyEffect::restart);
    }
    EXPECT_EQ(kind_of(s), table.front().kind) << "the key comes back to the first strategy";
  };
  // The writer's key cycles the article's two rows; sendfile, after them, is the command line's.
  check(kWriterKey, std::span(kWriterStrategies).first<2>(), [](const DashboardState& s) { return s.config.writer; });
  check(kReaderKey, kReaderStrategies, [](const DashboardState& s) { return s.config.reader; });
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

TEST(KeyTable, VDropsWhatWriteCannotTake) {
  DashboardState s;
  s.config.writer = WriterKind::vmsplice;
  s.config.same_buffer = true;
  press(s, 'v');
  EXPECT_EQ(s.config.writer, WriterKind::write);
  EXPECT_FALSE(s.config.same_buffer);  // write has a single buffer
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
  // Halving stops at one byte (what write and read can move; vmsplice's rules refuse it sooner).
  s.config.buffer_bytes = 2;
  press(s, '-');
  EXPECT_EQ(s.config.buffer_bytes, 1U);
  press(s, '-');
  EXPECT_EQ(s.config.buffer_bytes, 1U);
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

// A vmsplice writer sizes the pipe to half its buffer: the pipe keys are refused with the reason and
// the keys that do size it, instead of doubling the buffer behind a key that says pipe.
TEST(KeyRefusal, UnderVmspliceThePipeKeysAreRefusedAndSayWhichKeysSizeIt) {
  DashboardState s;
  s.config.writer = WriterKind::vmsplice;
  for (const int key : {']', '['}) {
    EXPECT_EQ(key_refusal(*find_key(key), s),
              "with vmsplice the pipe is half the buffer (the article's rule): +/- size both")
        << static_cast<char>(key);
  }
  s.ends = EndsKind::stdout_writer;  // pipetop writes with vmsplice into the consumer's pipe: the same rule
  EXPECT_NE(key_refusal(*find_key(']'), s), "");
  s.config.writer = WriterKind::write;
  EXPECT_EQ(key_refusal(*find_key(']'), s), "");
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
  EXPECT_EQ(s.help_page, 0);  // the keys
  EXPECT_EQ(press(s, 'H'), KeyEffect::redraw);
  EXPECT_TRUE(s.help);
  EXPECT_EQ(s.help_page, 1);  // the figures
  EXPECT_EQ(press(s, '?'), KeyEffect::redraw);
  EXPECT_FALSE(s.help);
  EXPECT_TRUE(s.profile_panel);  // shown by default: the "why" is the point
  EXPECT_EQ(press(s, 'w'), KeyEffect::redraw);
  EXPECT_FALSE(s.profile_panel);
  EXPECT_TRUE(key_is_on(*find_key('w'), DashboardState{}));
  EXPECT_FALSE(key_is_on(*find_key('w'), s));
  press(s, 'w');
  EXPECT_TRUE(s.profile_panel);
  EXPECT_EQ(s.config, before);
}

TEST(KeyTable, StageKeysChangeTheViewNotTheConfiguration) {
  DashboardState s;
  const RunConfig before = s.config;
  EXPECT_EQ(press(s, 'z'), KeyEffect::redraw);
  EXPECT_EQ(s.panels, PanelSet::chart_readout);
  press(s, 'z');
  EXPECT_EQ(s.panels, PanelSet::chart_only);
  press(s, 'z');
  EXPECT_EQ(s.panels, PanelSet::all);
  EXPECT_EQ(press(s, 'T'), KeyEffect::redraw);
  EXPECT_EQ(s.theme, next_theme(ThemeName::dark));
  s.help = true;
  EXPECT_EQ(press(s, 'L'), KeyEffect::redraw);
  EXPECT_TRUE(s.leaderboard);
  EXPECT_FALSE(s.help);  // one overlay at a time
  press(s, 'L');
  EXPECT_FALSE(s.leaderboard);
  EXPECT_EQ(press(s, 'B'), KeyEffect::pin_baseline);
  EXPECT_EQ(s.config, before);
}

TEST(KeyTable, ArrowsAndNumberKeysMoveAlongTheLadder) {
  DashboardState s;
  EXPECT_EQ(press(s, kKeyRight), KeyEffect::next_step);
  EXPECT_EQ(press(s, kKeyLeft), KeyEffect::previous_step);
  for (int n = 1; n <= kLadderKeys; ++n) {
    EXPECT_EQ(press(s, '0' + n), KeyEffect::ladder_step);
    EXPECT_EQ(s.ladder_step, n - 1);
  }
}

TEST(KeyTable, AReplayOffersEveryKeyButThoseThatConfigure) {
  for (const KeyBinding& k : key_bindings()) {
    EXPECT_TRUE(key_available(k, DashboardMode::live)) << k.key;
    EXPECT_TRUE(key_available(k, DashboardMode::tour)) << k.key;
    EXPECT_EQ(key_available(k, DashboardMode::replay), !key_configures(k)) << k.key;
  }
  EXPECT_TRUE(key_configures(*find_key('b')));
  EXPECT_FALSE(key_available(*find_key('b'), DashboardMode::replay));
  EXPECT_TRUE(key_available(*find_key(' '), DashboardMode::replay));
  EXPECT_TRUE(key_available(*find_key('L'), DashboardMode::replay));
}

TEST(KeyTable, AStartsAnAbInTheLiveDashboardOnly) {
  DashboardState s;
  EXPECT_EQ(press(s, 'a'), KeyEffect::ab_rounds);
  EXPECT_FALSE(key_is_on(*find_key('a'), s));
  s.ab = true;
  EXPECT_TRUE(key_is_on(*find_key('a'), s)) << "lit while it runs";
  EXPECT_EQ(key_refusal(*find_key('a'), s), "");
  s.mode = DashboardMode::tour;
  EXPECT_NE(key_refusal(*find_key('a'), s).find("tour"), std::string::npos);
  s.mode = DashboardMode::replay;
  EXPECT_NE(key_refusal(*find_key('a'), s).find("replay"), std::string::npos);
}

TEST(KeyTable, QQuits) {
  DashboardState s;
  EXPECT_EQ(press(s, 'q'), KeyEffect::quit);
  EXPECT_EQ(press(s, 'Q'), KeyEffect::quit);
}

TEST(KeyTable, EffectsByKind) {
  for (const int key : {'v', 's', 'h', 'b', '+', '-', 'c', ']', '[', 'p', 'g', 'm', 't', 'o', 'y', 'u', 'n'}) {
    DashboardState s;
    EXPECT_EQ(press(s, key), KeyEffect::restart) << static_cast<char>(key);
  }
  for (const int key : {'l', ' ', '?', 'w'}) {
    DashboardState s;
    EXPECT_EQ(press(s, key), KeyEffect::redraw) << static_cast<char>(key);
  }
}

// With the user's program at one end, the keys of its side are refused with the reason; pipetop's
// own worker's keys apply.
TEST(KeyRefusal, WriterKeysAreRefusedWhenTheProducerWrites) {
  DashboardState s;
  s.ends = EndsKind::stdin_reader;
  s.config.reader = ReaderKind::splice;
  EXPECT_EQ(key_refusal(*find_key('v'), s),
            "v sets the writer, but the producer (stdin) writes here; pipetop reads: s, b, h, +/-, ]/[, c apply");
  EXPECT_NE(key_refusal(*find_key('y'), s).find("verify needs pipetop at both ends"), std::string::npos);
  EXPECT_NE(key_refusal(*find_key('1'), s).find("the ladder's steps set both ends"), std::string::npos);
  for (const int key : {'s', 'b', 'h', ']', '[', '+', 'c', 'q', 'l', 'r'}) {
    EXPECT_EQ(key_refusal(*find_key(key), s), "") << static_cast<char>(key);
  }
}

TEST(KeyRefusal, ReaderKeysAreRefusedWhenTheConsumerReads) {
  DashboardState s;
  s.ends = EndsKind::stdout_writer;
  EXPECT_NE(key_refusal(*find_key('s'), s).find("s sets the reader, but the consumer (stdout) reads here"),
            std::string::npos);
  for (const int key : {'v', 'b', 'h', ']', 'c'}) EXPECT_EQ(key_refusal(*find_key(key), s), "") << char(key);
  s.config.writer = WriterKind::vmsplice;
  EXPECT_EQ(key_refusal(*find_key('g'), s), "");
}

TEST(KeyRefusal, OwnPairRefusesOnlyInAReplay) {
  DashboardState s;
  for (const KeyBinding& k : key_bindings()) EXPECT_EQ(key_refusal(k, s), "") << k.key;
  s.mode = DashboardMode::replay;
  EXPECT_EQ(key_refusal(*find_key('v'), s), "a replay shows what was recorded: its configuration cannot change");
}

}  // namespace
}  // namespace pipetop

// The seed benchmark's view of a configuration: the flags both of its programs get, the command line
// that runs the same experiment, and the --csv row that command prints.

#include "pipetop/core/report/seed_benchmark.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/flag_options.hpp"

namespace pipetop {
namespace {

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> fields;
  while (true) {
    const std::size_t comma = line.find(',');
    fields.emplace_back(line.substr(0, comma));
    if (comma == std::string_view::npos) break;
    line.remove_prefix(comma + 1);
  }
  return fields;
}

RunConfig article_final() {
  RunConfig c;
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  c.huge_pages = true;
  c.busy_loop = true;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  return c;
}

TEST(SeedCsv, HeaderHasTheSeedsFourteenColumnsInOrder) {
  const std::vector<std::string> expected = {"gigabytes_per_second",
                                             "bytes_to_pipe",
                                             "buf_size",
                                             "pipe_size",
                                             "busy_loop",
                                             "poll",
                                             "huge_page",
                                             "check_huge_page",
                                             "write_with_vmsplice",
                                             "read_with_splice",
                                             "gift",
                                             "lock_memory",
                                             "dont_touch_pages",
                                             "same_buffer"};
  EXPECT_EQ(split(kSeedCsvHeader), expected);
}

// The seed's reader prints the options it was given: a vmsplice writer sizes the pipe itself and the
// seed refuses --pipe_size with it, so its row says 0.
TEST(SeedCsv, ArticlesFinalConfiguration) {
  EXPECT_EQ(seed_csv_row(article_final(), 62.5, 1000, true), "62.500000,1000,262144,0,1,0,1,1,1,1,0,0,0,0");
  EXPECT_EQ(seed_csv_row(article_final(), 62.5, 1000, false), "62.500000,1000,262144,0,1,0,1,0,1,1,0,0,0,0");
}

TEST(SeedCsv, WriteReadUsesTheKernelDefaultPipe) {
  EXPECT_EQ(seed_csv_row(RunConfig{}, 3.5, 3758096384u, false), "3.500000,3758096384,262144,0,0,0,0,0,0,0,0,0,0,0");
}

TEST(SeedCsv, NoRateIsZero) {
  EXPECT_EQ(seed_csv_row(RunConfig{}, std::nullopt, 0, false), "0.000000,0,262144,0,0,0,0,0,0,0,0,0,0,0");
}

TEST(SeedCsv, CheckHugePageOnlyWithHugePages) {
  EXPECT_EQ(split(seed_csv_row(RunConfig{}, 1.0, 1, true))[7], "0");
}

TEST(SeedCsv, EveryFlagInItsColumn) {
  RunConfig c;
  c.pipe_bytes = 64 * kKiB;
  c.buffer_bytes = kMiB;
  c.poll = true;
  c.lock_memory = true;
  c.no_touch = true;
  EXPECT_EQ(seed_csv_row(c, 3.25, 5, false), "3.250000,5,1048576,65536,0,1,0,0,0,0,0,1,1,0");
  RunConfig g;
  g.writer = WriterKind::vmsplice;
  g.gift = true;
  g.same_buffer = true;
  g.buffer_bytes = kMiB;
  EXPECT_EQ(seed_csv_row(g, 6.3, 7, false), "6.300000,7,1048576,0,0,0,0,0,1,0,1,0,0,1");
}

TEST(SeedCsv, RowsHaveFourteenColumns) {
  EXPECT_EQ(split(seed_csv_row(RunConfig{}, 1.0, 1, false)).size(), 14u);
  EXPECT_EQ(split(seed_csv_row(article_final(), 1234567.891, 1, true)).size(), 14u);
}

// Every flag that changes the transfer either has the seed's spelling or is named as missing.
TEST(SeedFlags, EveryTransferFlagIsTheSeedsOrNamedAsMissing) {
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind != FlagKind::transfer) continue;
    RunConfig c;
    c.writer = WriterKind::vmsplice;  // the writer every flag applies to
    c.*flag.member = true;
    const std::string line = seed_command_line(c, 1, false);
    if (flag.seed_flag.empty()) {
      EXPECT_NE(line.find("# the seed has no --" + std::string(flag.name)), std::string::npos) << line;
    } else {
      EXPECT_NE(line.find("--" + std::string(flag.seed_flag)), std::string::npos) << line;
    }
  }
}

// Issue 22: the page kinds and prefault methods beyond the seed's two flags are named as missing.
TEST(SeedCommand, PagesAndPrefaultBeyondTheSeedsFlagsAreNamedAsMissing) {
  RunConfig c;
  c.pages = PageKind::hugetlb;
  c.prefault = Prefault::madvise;
  EXPECT_TRUE(seed_command_line(c, 1, false).ends_with("--csv  # the seed has no --pages hugetlb --prefault madvise"))
      << seed_command_line(c, 1, false);
  RunConfig seeds;
  seeds.huge_pages = true;  // thp and none are the seed's --huge_page and --dont_touch_pages
  seeds.no_touch = true;
  EXPECT_EQ(seed_command_line(seeds, 1, false).find('#'), std::string::npos) << seed_command_line(seeds, 1, false);
}

TEST(SeedCommand, ArticlesFinalConfigurationPinnedAsTheArticle) {
  EXPECT_EQ(seed_command_line(article_final(), 21474836480u, true),
            "taskset -c 0 ./write --busy_loop --huge_page --check_huge_page --write_with_vmsplice --read_with_splice"
            " | taskset -c 1 ./read --busy_loop --huge_page --check_huge_page --write_with_vmsplice --read_with_splice"
            " --bytes_to_pipe=21474836480 --csv");
}

TEST(SeedCommand, SizesWhereTheyAreNotTheSeedsDefaults) {
  RunConfig c;
  c.buffer_bytes = kMiB;
  c.pipe_bytes = 64 * kKiB;
  c.writer_cpu = kUnpinned;
  c.reader_cpu = kUnpinned;
  EXPECT_EQ(seed_command_line(c, 5, false),
            "./write --buf_size=1048576 --pipe_size=65536 | ./read --buf_size=1048576 --pipe_size=65536 "
            "--bytes_to_pipe=5 --csv");
  EXPECT_EQ(seed_flags(RunConfig{}, false), std::vector<std::string>{});
}

TEST(SeedCommand, OptionsTheSeedLacksAreNamed) {
  RunConfig c;
  c.verify = true;
  EXPECT_TRUE(seed_command_line(c, 1, false).ends_with("--csv  # the seed has no --verify"));
}

// A known fault of the seed (../shared/anchors/README.md): its reader's --poll polls stdout.
TEST(SeedCommand, PollSaysWhatTheSeedsPollDoes) {
  RunConfig c;
  c.poll = true;
  const std::string line = seed_command_line(c, 1, false);
  EXPECT_NE(line.find("./read --poll"), std::string::npos) << line;
  EXPECT_TRUE(line.ends_with("# the seed's reader polls stdout, not the pipe: it waits until stdout is readable"))
      << line;
}

}  // namespace
}  // namespace pipetop

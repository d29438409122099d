#include "pipetop/core/machine/proc_stat.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pipetop {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

// A real /proc/<pid>/stat line (52 fields), with utime 250 and stime 75 ticks.
std::string stat_line(const std::string& comm) {
  return "4242 (" + comm +
         ") S 4241 4242 4100 34816 4242 4194560 1234 0 0 0 250 75 0 0 20 0 1 0 987654 12345678 321 "
         "18446744073709551615 94000000000000 94000000100000 140000000000000 0 0 0 0 0 0 0 0 0 17 3 0 0 0 0 0 "
         "94000000200000 94000000210000 94000001000000 140000000001000 140000000002000 140000000002000 "
         "140000000003000 0\n";
}

TEST(ProcStat, ParsesUtimeAndStime) {
  const std::optional<CpuTime> t = parse_proc_stat_cpu(stat_line("pipetop"), 100);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->user_ns, 2 * kSecond + kSecond / 2);
  EXPECT_EQ(t->system_ns, 750'000'000);
}

TEST(ProcStat, CommandNameWithSpacesAndParentheses) {
  for (const std::string comm : {"my prog", "a) S 1 2 3 4", "(x)", "((", "))", ") ) )", "tmux: server"}) {
    const std::optional<CpuTime> t = parse_proc_stat_cpu(stat_line(comm), 100);
    ASSERT_TRUE(t.has_value()) << comm;
    EXPECT_EQ(t->user_ns, 2 * kSecond + kSecond / 2) << comm;
    EXPECT_EQ(t->system_ns, 750'000'000) << comm;
  }
}

TEST(ProcStat, OtherTickRates) {
  const std::optional<CpuTime> t = parse_proc_stat_cpu(stat_line("p"), 250);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->user_ns, kSecond);
  EXPECT_EQ(t->system_ns, 300'000'000);
}

TEST(ProcStat, LineEndingRightAfterStime) {
  const std::optional<CpuTime> t = parse_proc_stat_cpu("1 (a) R 0 1 1 0 -1 0 0 0 0 0 7 9", 100);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->user_ns, 70'000'000);
  EXPECT_EQ(t->system_ns, 90'000'000);
}

TEST(ProcStat, MalformedTextIsNullopt) {
  EXPECT_FALSE(parse_proc_stat_cpu("", 100).has_value());
  EXPECT_FALSE(parse_proc_stat_cpu("4242 pipetop S 1 2 3", 100).has_value());              // no ')'
  EXPECT_FALSE(parse_proc_stat_cpu("1 (a) R 0 1 1 0 -1 0 0 0 0 0 7", 100).has_value());    // stime missing
  EXPECT_FALSE(parse_proc_stat_cpu("1 (a) R 0 1 1 0 -1 0 0 0 0 0 x 9", 100).has_value());  // utime not a number
  EXPECT_FALSE(parse_proc_stat_cpu("1 (a)", 100).has_value());
  EXPECT_FALSE(parse_proc_stat_cpu(stat_line("p"), 0).has_value());
  EXPECT_FALSE(parse_proc_stat_cpu(stat_line("p"), -100).has_value());
}

}  // namespace
}  // namespace pipetop

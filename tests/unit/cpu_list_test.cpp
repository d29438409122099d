#include "pipetop/core/machine/cpu_list.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {
namespace {

using Cpus = std::vector<int>;

TEST(ParseCpuList, RangesAndSingles) {
  auto r = parse_cpu_list("0-3,5,7-8");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(*r, (Cpus{0, 1, 2, 3, 5, 7, 8}));
}

TEST(ParseCpuList, SingleCpu) {
  auto r = parse_cpu_list("0");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, Cpus{0});
}

TEST(ParseCpuList, EmptyAndBlankAreEmpty) {
  for (const char* text : {"", "\n", "  ", " \n"}) {
    auto r = parse_cpu_list(text);
    ASSERT_TRUE(r.has_value()) << "'" << text << "'";
    EXPECT_TRUE(r->empty());
  }
}

TEST(ParseCpuList, TrailingNewlineAsInSysfs) {
  auto r = parse_cpu_list("0-1,4\n");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(*r, (Cpus{0, 1, 4}));
}

TEST(ParseCpuList, SortsAndRemovesDuplicates) {
  auto r = parse_cpu_list("8,2-4,3,0");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, (Cpus{0, 2, 3, 4, 8}));
}

TEST(ParseCpuList, MalformedIsRuntimeErrorQuotingTheText) {
  for (const char* text : {"a", "1-", "-1", "3-1", "1,,2", "1;2", "0-3,x", "1.5", "2-3-4", "1 2"}) {
    auto r = parse_cpu_list(text);
    ASSERT_FALSE(r.has_value()) << "'" << text << "' parsed";
    EXPECT_EQ(r.error().kind, ExitCode::runtime) << text;
    EXPECT_NE(r.error().message.find(text), std::string::npos) << r.error().message;
  }
}

TEST(FormatCpuList, CollapsesRuns) {
  EXPECT_EQ(format_cpu_list({0, 1, 2, 3, 5, 7, 8}), "0-3,5,7-8");
  EXPECT_EQ(format_cpu_list({0}), "0");
  EXPECT_EQ(format_cpu_list({}), "");
  EXPECT_EQ(format_cpu_list({1, 3, 5}), "1,3,5");
  EXPECT_EQ(format_cpu_list({4, 5}), "4-5");
}

TEST(FormatCpuList, RoundTripsThroughParse) {
  for (const char* text : {"0-3,5,7-8", "0", "1,3,5-63", "0-127", "2,4,6,8-9,100"}) {
    auto r = parse_cpu_list(text);
    ASSERT_TRUE(r.has_value()) << text;
    EXPECT_EQ(format_cpu_list(*r), text);
  }
}

TEST(CpuPairText, ArrowBetweenWriterAndReader) {
  EXPECT_EQ(cpu_pair_text({0, 1}), "cpu 0→1");
  EXPECT_EQ(cpu_pair_text({3, 3}), "cpu 3→3");
  EXPECT_EQ(cpu_pair_text({kUnpinned, 1}), "cpu any→1");
  EXPECT_EQ(cpu_pair_text({kUnpinned, kUnpinned}), "cpu any→any");
}

}  // namespace
}  // namespace pipetop

#include "pipetop/core/cpu_list.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/run_config.hpp"

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

// 4 CPUs, 2 cores with 2 SMT threads each, numbered as Intel does: siblings are n and n + 2.
std::vector<CpuCore> intel_smt() { return {{0, 0, 0}, {1, 0, 1}, {2, 0, 0}, {3, 0, 1}}; }
// Siblings numbered next to each other (0,1 on core 0; 2,3 on core 1).
std::vector<CpuCore> adjacent_smt() { return {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {3, 0, 1}}; }

TEST(PickPartnerCpu, AvoidsTheSmtSibling) {
  EXPECT_EQ(pick_partner_cpu(intel_smt(), 0), 1);
  EXPECT_EQ(pick_partner_cpu(intel_smt(), 2), 1);
  EXPECT_EQ(pick_partner_cpu(intel_smt(), 1), 0);
  EXPECT_EQ(pick_partner_cpu(adjacent_smt(), 0), 2);
  EXPECT_EQ(pick_partner_cpu(adjacent_smt(), 1), 2);
  EXPECT_EQ(pick_partner_cpu(adjacent_smt(), 2), 0);
  EXPECT_EQ(pick_partner_cpu(adjacent_smt(), 3), 0);
}

TEST(PickPartnerCpu, SameCoreIdOnAnotherPackageIsAnotherCore) {
  const std::vector<CpuCore> two_sockets = {{0, 0, 0}, {1, 0, 0}, {2, 1, 0}, {3, 1, 0}};
  EXPECT_EQ(pick_partner_cpu(two_sockets, 0), 2);
  EXPECT_EQ(pick_partner_cpu(two_sockets, 3), 0);
}

TEST(PickPartnerCpu, UnsortedInputGivesTheLowestNumberedCandidate) {
  const std::vector<CpuCore> shuffled = {{3, 0, 1}, {2, 0, 1}, {1, 0, 0}, {0, 0, 0}};
  EXPECT_EQ(pick_partner_cpu(shuffled, 0), 2);
  EXPECT_EQ(pick_partner_cpu(shuffled, 3), 0);
}

TEST(PickPartnerCpu, FallsBackToTheSiblingOnASingleCore) {
  const std::vector<CpuCore> one_core = {{0, 0, 0}, {1, 0, 0}};
  EXPECT_EQ(pick_partner_cpu(one_core, 0), 1);
  EXPECT_EQ(pick_partner_cpu(one_core, 1), 0);
}

TEST(PickPartnerCpu, SingleCpuHasNoPartner) {
  EXPECT_EQ(pick_partner_cpu({{0, 0, 0}}, 0), kUnpinned);
  EXPECT_EQ(pick_partner_cpu({}, 0), kUnpinned);
}

TEST(ChooseDefaultCpus, BothUnsetUsesLowestAndItsPartner) {
  const CpuPair intel = choose_default_cpus(intel_smt(), std::nullopt, std::nullopt);
  EXPECT_EQ(intel.writer, 0);
  EXPECT_EQ(intel.reader, 1);
  const CpuPair adjacent = choose_default_cpus(adjacent_smt(), std::nullopt, std::nullopt);
  EXPECT_EQ(adjacent.writer, 0);
  EXPECT_EQ(adjacent.reader, 2);
}

TEST(ChooseDefaultCpus, LowestIsByNumberNotListOrder) {
  const std::vector<CpuCore> shuffled = {{5, 0, 1}, {4, 0, 0}, {7, 0, 1}, {6, 0, 0}};
  const CpuPair pair = choose_default_cpus(shuffled, std::nullopt, std::nullopt);
  EXPECT_EQ(pair.writer, 4);
  EXPECT_EQ(pair.reader, 5);
}

TEST(ChooseDefaultCpus, OneSideFixed) {
  const CpuPair writer_fixed = choose_default_cpus(adjacent_smt(), 3, std::nullopt);
  EXPECT_EQ(writer_fixed.writer, 3);
  EXPECT_EQ(writer_fixed.reader, 0);
  const CpuPair reader_fixed = choose_default_cpus(adjacent_smt(), std::nullopt, 0);
  EXPECT_EQ(reader_fixed.writer, 2);
  EXPECT_EQ(reader_fixed.reader, 0);
}

TEST(ChooseDefaultCpus, BothFixedAreKept) {
  const CpuPair pair = choose_default_cpus(adjacent_smt(), 1, 0);
  EXPECT_EQ(pair.writer, 1);
  EXPECT_EQ(pair.reader, 0);
}

TEST(ChooseDefaultCpus, SingleCpuLeavesUnsetSidesUnpinned) {
  const std::vector<CpuCore> one = {{0, 0, 0}};
  const CpuPair unset = choose_default_cpus(one, std::nullopt, std::nullopt);
  EXPECT_EQ(unset.writer, kUnpinned);
  EXPECT_EQ(unset.reader, kUnpinned);
  const CpuPair writer_fixed = choose_default_cpus(one, 0, std::nullopt);
  EXPECT_EQ(writer_fixed.writer, 0);
  EXPECT_EQ(writer_fixed.reader, kUnpinned);
}

}  // namespace
}  // namespace pipetop

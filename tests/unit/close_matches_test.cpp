#include "pipetop/core/base/close_matches.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/counters/event_names.hpp"

namespace pipetop {
namespace {

// ---------------------------------------------------------------- suggest_close_matches

TEST(SuggestCloseMatches, TranspositionFindsCyclesFirst) {
  const std::vector<std::string> s = suggest_close_matches("cylces", default_event_names());
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.front(), "cycles");
}

TEST(SuggestCloseMatches, CaseInsensitiveAndMissingSuffix) {
  const std::vector<std::string> s = suggest_close_matches("dtlb-load-miss", default_event_names());
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.front(), "dTLB-load-misses");
  // The closest one first: the iTLB one, if suggested at all, comes after.
  for (std::size_t i = 1; i < s.size(); ++i) EXPECT_NE(s[i], "dTLB-load-misses");
}

TEST(SuggestCloseMatches, ExactNameInAnotherCaseIsSuggestedAsWritten) {
  const std::vector<std::string> s = suggest_close_matches("DTLB-LOAD-MISSES", default_event_names());
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.front(), "dTLB-load-misses");
}

TEST(SuggestCloseMatches, NothingForAFarWord) {
  EXPECT_TRUE(suggest_close_matches("bananas", default_event_names()).empty());
  EXPECT_TRUE(suggest_close_matches("xyzzy", default_event_names()).empty());
  EXPECT_TRUE(suggest_close_matches("completely-unrelated-event", default_event_names()).empty());
}

TEST(SuggestCloseMatches, NothingFromNoCandidates) {
  EXPECT_TRUE(suggest_close_matches("cycles", {}).empty());
}

TEST(SuggestCloseMatches, BestFirst) {
  const std::vector<std::string> candidates = {"page-faults", "minor-faults", "major-faults"};
  const std::vector<std::string> s = suggest_close_matches("majr-faults", candidates);
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s.front(), "major-faults");
}

TEST(SuggestCloseMatches, CaseInsensitiveDuplicatesCollapse) {
  const std::vector<std::string> candidates = {"cycles", "CYCLES", "Cycles", "cycles"};
  const std::vector<std::string> s = suggest_close_matches("cycels", candidates);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s.front(), "cycles") << "the first spelling is kept";
}

TEST(SuggestCloseMatches, DistinctNamesAreNotCollapsed) {
  // Equal distance to the typo, different names: both are offered.
  const std::vector<std::string> candidates = {"ab-x", "ab-y"};
  const std::vector<std::string> s = suggest_close_matches("ab-z", candidates);
  EXPECT_EQ(s, candidates);
}

TEST(SuggestCloseMatches, LimitIsRespected) {
  const std::vector<std::string> candidates = {"a1", "a2", "a3", "a4", "a5"};
  EXPECT_EQ(suggest_close_matches("a", candidates).size(), 3u) << "default limit";
  EXPECT_EQ(suggest_close_matches("a", candidates, 2).size(), 2u);
  EXPECT_EQ(suggest_close_matches("a", candidates, 5).size(), 5u);
  EXPECT_EQ(suggest_close_matches("a", candidates, 10).size(), 5u);
  EXPECT_TRUE(suggest_close_matches("a", candidates, 0).empty());
}

TEST(SuggestCloseMatches, TiesKeepCandidateOrder) {
  const std::vector<std::string> candidates = {"a4", "a2", "a3", "a1"};
  const std::vector<std::string> s = suggest_close_matches("a", candidates, 4);
  EXPECT_EQ(s, candidates);
}

}  // namespace
}  // namespace pipetop

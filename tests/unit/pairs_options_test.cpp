// Issue 12 §2: what goes with --pairs, and the words for what does not.

#include "pipetop/core/config/pairs_options.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/machine/pair_placement.hpp"

namespace pipetop {
namespace {

std::string refusal(const std::vector<std::string>& given, const RunConfig& config = {}) {
  const Result<void> ok = check_pairs_options(given, config, "pipetop run");
  return ok ? std::string() : format_error(ok.error());
}

TEST(PairsOptions, OwnPairsWithAnyStrategyGo) {
  EXPECT_EQ(refusal({"--pairs", "--writer", "--reader", "--busy-loop", "--duration", "--format"}), "");
}

TEST(PairsOptions, UnpinnedOnBothSidesGoes) {
  RunConfig unpinned;
  unpinned.writer_cpu = kUnpinned;
  unpinned.reader_cpu = kUnpinned;
  EXPECT_EQ(refusal({"--pairs", "--writer-cpu", "--reader-cpu"}, unpinned), "");
}

TEST(PairsOptions, OnePairsCpusAreRefused) {
  RunConfig pinned;
  pinned.writer_cpu = 1;
  const std::string words = refusal({"--pairs", "--writer-cpu"}, pinned);
  EXPECT_NE(words.find("--writer-cpu pins one pair, and --pairs places every pair by topology"), std::string::npos)
      << words;
  EXPECT_NE(words.find("--writer-cpu -1 --reader-cpu -1"), std::string::npos) << words;
}

TEST(PairsOptions, TheUsersProgramAndOnePairsFilesAreRefused) {
  for (const char* option : {"--stdin", "--stdout", "--pass", "--", "--record", "--compare", "--export", "--profile"}) {
    const std::string words = refusal({"--pairs", option});
    EXPECT_EQ(words.rfind(std::string(option) + " does not go with --pairs: ", 0), 0u) << words;
    EXPECT_NE(words.find("hint: pipetop run"), std::string::npos) << words;
  }
}

TEST(PlacementNotice, SaysWhatItDoesInsteadAndHowToRunThemAll) {
  const std::vector<CpuPlace> two{{0, 0, 0, 0}, {1, 0, 1, 0}};
  const std::string notice = placement_notice(place_pairs(two, 2), 2, "pipetop run");
  EXPECT_NE(notice.find("pipetop: --pairs: 2 pairs do not fit"), std::string::npos) << notice;
  EXPECT_NE(notice.find("  hint: pipetop run --pairs 2 --writer-cpu -1 --reader-cpu -1 runs them all, unpinned\n"),
            std::string::npos)
      << notice;
  EXPECT_EQ(placement_notice(place_pairs(two, 1), 1, "pipetop run"), "") << "one pair fits: nothing to say";
}

}  // namespace
}  // namespace pipetop

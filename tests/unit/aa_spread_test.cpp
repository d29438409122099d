// Issue 20 §2: this machine's A/A spread now, from paired rounds fed here: each arm's fastest slice
// over its slowest, an A/A's two arms of one configuration under one name (the larger kept), how it
// was measured in words, beside the comparison in text and JSON; and --aa-budget's values.

#include "pipetop/core/experiment/aa_spread.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/report/comparison_report.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// An A/A race of `budget_ns` whose rounds give arm 0 and arm 1 the figures of `a` and `b` in turn,
// 200 ms a slice.
PairedRounds raced(const std::vector<double>& a, const std::vector<double>& b, std::int64_t budget_ns = 60 * kNsPerS) {
  Result<PairedRounds> r = PairedRounds::start(aa_plan(budget_ns), 0);
  EXPECT_TRUE(r);
  std::int64_t now = 0;
  std::vector<std::size_t> taken(2, 0);
  while (const std::optional<std::size_t> arm = r->next(now)) {
    const std::vector<double>& figures = *arm == 0 ? a : b;
    if (taken[*arm] == figures.size()) break;
    Slice slice;
    slice.arm = *arm;
    slice.gib_per_s = figures[taken[*arm]++];
    slice.started_ns = now;
    now += kAaSliceNs;
    slice.ended_ns = now;
    r->record(slice);
  }
  return std::move(*r);
}

TEST(AaSpread, EachArmsFastestOverItsSlowestLessOne) {
  const PairedRounds r = raced({10, 12, 8}, {10, 11, 10});
  const std::vector<std::string> names{"write/read", "+busy"};
  const AaSpreads spreads = aa_spreads(r, names);
  ASSERT_EQ(spreads.size(), 2u);
  EXPECT_DOUBLE_EQ(spreads.at("write/read"), 0.5);
  EXPECT_NEAR(spreads.at("+busy"), 0.1, 1e-12);
}

TEST(AaSpread, AnAaKeepsTheLargerOfItsTwoArms) {
  const PairedRounds r = raced({10, 12, 8}, {10, 16, 10});
  const std::vector<std::string> names{"run", "run"};
  const AaSpreads spreads = aa_spreads(r, names);
  ASSERT_EQ(spreads.size(), 1u);
  EXPECT_DOUBLE_EQ(spreads.at("run"), 0.6);
}

TEST(AaSpread, NoSpreadFromOneSlice) {
  const PairedRounds r = raced({10}, {12});
  const std::vector<std::string> names{"run", "run"};
  EXPECT_TRUE(aa_spreads(r, names).empty());
  EXPECT_TRUE(contains(aa_source_words(r, kAaSliceNs, "this configuration against itself"),
                       ": too few slices counted for a spread"));
}

TEST(AaSpread, WordsSayHowItWasMeasured) {
  const PairedRounds r = raced({10, 12, 8}, {10, 16, 10});
  const std::string words = aa_source_words(r, kAaSliceNs, "this configuration against itself after the run");
  EXPECT_EQ(words,
            "this configuration against itself after the run in 3 paired rounds of 200ms (1.2 s, 6 slices counted): "
            "a fixed configuration varied ±60%");
}

TEST(AaSpread, BesideTheComparisonInTextAndJson) {
  Comparison c;
  c.type = "run";
  c.baseline_name = "base.json";
  c.aa_source = "this configuration against itself after the run in 3 paired rounds of 200ms";
  EXPECT_TRUE(contains(comparison_text(c), "\n  A/A now: " + c.aa_source + "\n")) << comparison_text(c);
  const std::optional<nlohmann::json> doc = test_json::parse(comparison_line_json(c));
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at("aa_source").get<std::string>(), c.aa_source);
  c.aa_source.clear();
  EXPECT_FALSE(contains(comparison_text(c), "A/A now")) << comparison_text(c);
  EXPECT_FALSE(test_json::parse(comparison_line_json(c))->contains("aa_source"));
}

TEST(AaBudget, ZeroSkipsADurationIsTheBudgetAnythingElseIsAUsageError) {
  EXPECT_EQ(parse_aa_budget("0").value_or(-1), 0);
  EXPECT_EQ(parse_aa_budget("0s").value_or(-1), 0);
  EXPECT_EQ(parse_aa_budget("5s").value_or(-1), 5 * kNsPerS);
  EXPECT_EQ(parse_aa_budget("500ms").value_or(-1), 500 * kNsPerMs);
  const Result<std::int64_t> bad = parse_aa_budget("soon");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ExitCode::usage);
  EXPECT_TRUE(contains(bad.error().message, "soon")) << bad.error().message;
}

}  // namespace
}  // namespace pipetop

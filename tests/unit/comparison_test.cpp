// Issue 12 §3: a measurement against its baseline — the ratio, whether the difference is beyond the
// noise, the verdict at the threshold — and the facts and settings that differ; pure, from
// MeasuredResults built here.

#include "pipetop/core/experiment/comparison.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "pipetop/core/report/comparison_report.hpp"

namespace pipetop {
namespace {

Measurement rung(std::string name, std::vector<double> runs) {
  Measurement m;
  m.name = std::move(name);
  m.runs_gib_per_s = runs;
  std::sort(runs.begin(), runs.end());
  m.gib_per_s = runs[(runs.size() - 1) / 2];
  return m;
}

MeasuredResults check_of(std::vector<Measurement> measurements) {
  return {"check", std::move(measurements), {{"kernel", "6.1"}, {"thp.enabled", "madvise"}}, {{"repeat", "3"}}};
}

const MeasurementComparison& only(const Comparison& c) {
  EXPECT_EQ(c.measurements.size(), 1u);
  return c.measurements.front();
}

TEST(Comparison, SlowerBeyondNoiseAndThresholdRegressed) {
  const Comparison c = compare_results(check_of({rung("write/read", {10.0, 10.2, 9.9})}),
                                       check_of({rung("write/read", {8.0, 8.1, 7.9})}), 0.10, "base.json");
  const MeasurementComparison& m = only(c);
  EXPECT_EQ(m.verdict, CompareVerdict::regressed);
  EXPECT_TRUE(m.beyond_noise);
  ASSERT_TRUE(m.ratio.has_value());
  EXPECT_DOUBLE_EQ(*m.ratio, 8.0 / 10.0);
  ASSERT_TRUE(m.noise.has_value());
  EXPECT_NEAR(*m.noise, 0.015, 1e-9);  // the baseline's (10.2 - 9.9) / 2 / 10
  EXPECT_EQ(m.baseline_runs, 3u);
  EXPECT_EQ(m.runs, 3u);
  ASSERT_EQ(c.regressions().size(), 1u);
}

TEST(Comparison, OverlappingRunsAreTheSameWhateverTheRatio) {
  // Medians 20% apart, but the runs overlap: noise, not a regression.
  const Comparison c =
      compare_results(check_of({rung("r", {10.0, 6.0, 14.0})}), check_of({rung("r", {8.0, 12.0, 5.0})}), 0.10, "b");
  EXPECT_EQ(only(c).verdict, CompareVerdict::same);
  EXPECT_FALSE(only(c).beyond_noise);
  EXPECT_TRUE(c.regressions().empty());
}

TEST(Comparison, WithinTheThresholdIsSlowerOrFaster) {
  EXPECT_EQ(only(compare_results(check_of({rung("r", {10.0, 10.1, 10.05})}), check_of({rung("r", {9.5, 9.6, 9.55})}),
                                 0.10, "b"))
                .verdict,
            CompareVerdict::slower);
  EXPECT_EQ(only(compare_results(check_of({rung("r", {10.0, 10.1, 10.05})}), check_of({rung("r", {10.5, 10.6, 10.55})}),
                                 0.10, "b"))
                .verdict,
            CompareVerdict::faster);
  EXPECT_EQ(only(compare_results(check_of({rung("r", {10.0, 10.1, 10.05})}), check_of({rung("r", {13, 14, 13.5})}),
                                 0.10, "b"))
                .verdict,
            CompareVerdict::improved);
}

TEST(Comparison, TheThresholdDecides) {
  const MeasuredResults base = check_of({rung("r", {10.0, 10.1, 10.05})});
  const MeasuredResults now = check_of({rung("r", {9.0, 9.1, 9.05})});  // 10% slower
  EXPECT_EQ(only(compare_results(base, now, 0.05, "b")).verdict, CompareVerdict::regressed);
  EXPECT_EQ(only(compare_results(base, now, 0.20, "b")).verdict, CompareVerdict::slower);
}

// Issue 20: 20% slower beyond the threshold, but this machine's A/A spread now is 30%: not regressed
// (the gate cannot tell it from a phase of the VM); a 40% drop is beyond both.
TEST(Comparison, RegressedOnlyBeyondTheMachinesAaSpreadToo) {
  const MeasuredResults base = check_of({rung("r", {10.0, 10.1, 10.05})});
  const AaSpreads spreads{{"r", 0.3}};
  const MeasurementComparison slower =
      only(compare_results(base, check_of({rung("r", {8.0, 8.1, 8.05})}), 0.10, "b", spreads));
  EXPECT_EQ(slower.verdict, CompareVerdict::slower);
  EXPECT_EQ(slower.aa_spread, 0.3);
  EXPECT_EQ(only(compare_results(base, check_of({rung("r", {6.0, 6.1, 6.05})}), 0.10, "b", spreads)).verdict,
            CompareVerdict::regressed);
  EXPECT_EQ(only(compare_results(base, check_of({rung("r", {12.0, 12.1, 12.05})}), 0.10, "b", spreads)).verdict,
            CompareVerdict::faster);
  EXPECT_EQ(only(compare_results(base, check_of({rung("r", {14.0, 14.1, 14.05})}), 0.10, "b", spreads)).verdict,
            CompareVerdict::improved);
  // A measurement without a spread keeps the threshold alone.
  EXPECT_EQ(only(compare_results(base, check_of({rung("r", {8.0, 8.1, 8.05})}), 0.10, "b", {{"other", 0.3}})).verdict,
            CompareVerdict::regressed);
}

TEST(ComparisonText, SaysTheAaSpreadAndWhyAFallIsNoRegression) {
  const Comparison c = compare_results(check_of({rung("r", {10.0, 10.1, 10.05})}),
                                       check_of({rung("r", {8.0, 8.1, 8.05})}), 0.10, "b", {{"r", 0.3}});
  const std::string text = comparison_text(c);
  EXPECT_NE(text.find("slower -20%, within this machine's A/A spread now; A/A now ±30%"), std::string::npos) << text;
  const std::string no_spread =
      comparison_text(compare_results(check_of({rung("r", {10.0})}), check_of({rung("r", {8.0})}), 0.10, "b"));
  EXPECT_EQ(no_spread.find("A/A"), std::string::npos) << no_spread;
}

TEST(Comparison, ADisturbedRegressionStillFailsTheGateAndSaysSo) {
  Measurement disturbed = rung("d", {1.0, 1.1, 1.05});
  disturbed.disturbed = true;
  const Comparison c = compare_results(check_of({rung("d", {10.0, 10.1, 10.05})}), check_of({disturbed}), 0.10, "b");
  EXPECT_EQ(only(c).verdict, CompareVerdict::regressed);
  EXPECT_TRUE(only(c).disturbed);
}

TEST(Comparison, FailedAndMissingGiveNoVerdict) {
  Measurement moved = rung("d", {10.0, 10.0, 10.0});
  Measurement failed;
  failed.name = "f";
  failed.error = "vmsplice failed";
  const Comparison c = compare_results(
      check_of({rung("d", {10.0, 10.0, 10.0}), rung("f", {5.0, 5.0, 5.0}), rung("gone", {3.0, 3.0, 3.0})}),
      check_of({moved, failed, rung("new", {2.0, 2.0, 2.0})}), 0.10, "b");
  ASSERT_EQ(c.measurements.size(), 4u);
  EXPECT_EQ(c.measurements[0].verdict, CompareVerdict::same);
  EXPECT_EQ(c.measurements[1].verdict, CompareVerdict::failed);
  EXPECT_EQ(c.measurements[2].verdict, CompareVerdict::no_baseline);
  EXPECT_EQ(c.measurements[2].name, "new");
  EXPECT_EQ(c.measurements[3].verdict, CompareVerdict::missing);
  EXPECT_EQ(c.measurements[3].name, "gone");
  EXPECT_TRUE(c.regressions().empty()) << "only a figure measured on both sides can fail the gate";
}

TEST(Comparison, ARunIsMatchedWhateverItsName) {
  MeasuredResults base{"run", {rung("run", {10.0, 10.1, 9.9, 10.0, 10.05})}, {}, {}};
  MeasuredResults now{"run", {rung("run", {5.0, 5.1, 4.9, 5.0, 5.05})}, {}, {}};
  now.measurements.front().name = "something else";
  EXPECT_EQ(only(compare_results(base, now, 0.10, "b")).verdict, CompareVerdict::regressed);
}

TEST(Comparison, FactsAndSettingsThatDiffer) {
  MeasuredResults base = check_of({rung("r", {1.0})});
  MeasuredResults now = check_of({rung("r", {1.0})});
  now.facts["kernel"] = "6.8";
  now.facts["vulnerabilities.mds"] = "Not affected";
  now.settings["repeat"] = "5";
  const Comparison c = compare_results(base, now, 0.10, "b");
  ASSERT_EQ(c.facts.size(), 2u);
  EXPECT_EQ(c.facts[0].name, "kernel");
  EXPECT_EQ(c.facts[0].baseline, "6.1");
  EXPECT_EQ(c.facts[0].current, "6.8");
  EXPECT_EQ(c.facts[1].name, "vulnerabilities.mds");
  EXPECT_EQ(c.facts[1].baseline, "absent");
  ASSERT_EQ(c.settings.size(), 1u);
  EXPECT_EQ(c.settings[0].current, "5");
  EXPECT_EQ(only(c).verdict, CompareVerdict::same) << "one run a side shows no spread: never beyond the noise";
}

// What makes a run another experiment than its baseline: the strategies, the flags, the buffer; not
// the CPUs, the timing or the events.
TEST(Comparison, ConfigurationDifferencesAreTheOptionsThatDecideTheFigure) {
  MeasuredResults baseline;
  baseline.type = "run";
  baseline.settings = run_config_settings(
      R"({"writer": "write", "reader": "read", "busy-loop": false, "buffer-size": 262144, "writer-cpu": 0,
          "duration": "5s", "event": []})");
  ASSERT_EQ(baseline.settings.at("config.busy-loop"), "false");
  std::map<std::string, std::string> current = baseline.settings;
  current["config.writer-cpu"] = "2";
  current["config.duration"] = "10s";
  current["config.event"] = "cache-misses";
  EXPECT_TRUE(configuration_differences(baseline, current).empty());
  current["config.busy-loop"] = "true";
  current["config.writer"] = "vmsplice";
  const std::vector<Difference> differ = configuration_differences(baseline, current);
  ASSERT_EQ(differ.size(), 2U);
  EXPECT_EQ(differ[0].name, "config.busy-loop");
  EXPECT_EQ(differ[0].baseline, "false");
  EXPECT_EQ(differ[0].current, "true");
  EXPECT_EQ(differ[1].name, "config.writer");
  EXPECT_TRUE(configuration_differences(MeasuredResults{}, current).empty()) << "a baseline naming none";
}

TEST(ParseThreshold, PercentagesAsFractions) {
  EXPECT_DOUBLE_EQ(*parse_threshold("10%"), 0.10);
  EXPECT_DOUBLE_EQ(*parse_threshold("2.5"), 0.025);
  for (const char* bad : {"", "%", "0", "100", "-5%", "ten", "5%%", "nan"}) {
    const Result<double> r = parse_threshold(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().kind, ExitCode::usage) << bad;
  }
}

}  // namespace
}  // namespace pipetop

// pipetop sweep's curve and its report, from sweeps raced through a fake runner: each value's median
// and interval, its ratio to the first value, the caches marked between the values they separate, a
// failed value in its row, the ceiling when one is given, how the rounds stopped, and the JSON document.

#include "pipetop/core/report/sweep_report.hpp"

#include <gtest/gtest.h>

#include <string>

#include "pipetop/core/base/size.hpp"
#include "test_json.hpp"
#include "unit/sweep_race.hpp"

namespace pipetop {
namespace {

using testing::FakeTrialRunner;
using testing::race_sweep;

const CacheSizes kCaches{48 * kKiB, 32 * kKiB, 512 * kKiB, 32 * kMiB};

std::vector<std::uint64_t> kib(std::initializer_list<std::uint64_t> values) {
  std::vector<std::uint64_t> bytes;
  for (const std::uint64_t v : values) bytes.push_back(v * kKiB);
  return bytes;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Where `part` is in `text` (npos fails the test).
std::size_t at(const std::string& text, const std::string& part) {
  const std::size_t where = text.find(part);
  EXPECT_NE(where, std::string::npos) << part << " in\n" << text;
  return where;
}

TEST(SweepCurve, EachValueAgainstTheFirst) {
  FakeTrialRunner runner;  // 3.5 GiB/s at 256 KiB, 10% slower an octave away
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 128, 256}), runner);
  EXPECT_EQ(race.rounds.stopped(), StopReason::precise) << "the fake's figures never vary";
  const SweepCurve curve = sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches);
  ASSERT_EQ(curve.points.size(), 3u);
  EXPECT_FALSE(curve.points[0].ratio) << "the reference has no ratio of its own";
  ASSERT_TRUE(curve.points[2].ratio && curve.points[2].ratio->interval);
  EXPECT_NEAR(*curve.points[2].ratio->median, 1.2, 1e-9) << "3.5 over 3.5/1.2";
  EXPECT_NEAR(*curve.points[1].figures.median_gib_per_s, 3.5 / 1.1, 1e-9);
  ASSERT_TRUE(curve.points[1].interval);
  EXPECT_NEAR(curve.points[1].interval->low, 3.5 / 1.1, 1e-9);
  EXPECT_EQ(curve.points[1].ratio->rounds, race.rounds.rounds().size());
  EXPECT_EQ(fastest_point(curve), &curve.points[2]);
}

TEST(SweepCurve, CachesAreMarkedForSizesOnly) {
  EXPECT_EQ(cache_marks(kCaches).size(), 3u);
  EXPECT_EQ(cache_marks(kCaches)[2].name, "LLC");
  const std::vector<CacheMark> no_l3 = cache_marks({48 * kKiB, std::nullopt, kMiB, std::nullopt});
  ASSERT_EQ(no_l3.size(), 2u);
  EXPECT_EQ(no_l3[1].name, "L2 (LLC)");
  FakeTrialRunner runner;
  const testing::SweepRace race = race_sweep(SweepOption::buffer_offset, {0, 16, 4095}, runner);
  EXPECT_TRUE(sweep_curve(race.rounds, SweepOption::buffer_offset, race.setup.values, kCaches).caches.empty());
}

TEST(SweepReport, TheTableMarksTheCachesBetweenTheValuesTheySeparate) {
  FakeTrialRunner runner;
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({32, 64, 128, 256, 512, 1024}), runner);
  const SweepCurve curve = sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches);
  const std::string text = sweep_summary_text(race.rounds, curve);
  EXPECT_TRUE(contains(text, "  value       GiB/s  95% CI       × 32 KiB   95% CI         rounds dropped\n")) << text;
  EXPECT_LT(at(text, "\n  32 KiB"), at(text, "\n  ── L1d 48 KiB ──\n"));
  EXPECT_LT(at(text, "\n  ── L1d 48 KiB ──\n"), at(text, "\n  64 KiB"));
  EXPECT_LT(at(text, "\n  512 KiB"), at(text, "\n  ── L2 512 KiB ──\n")) << "512 KiB fits a 512 KiB cache";
  EXPECT_LT(at(text, "\n  ── L2 512 KiB ──\n"), at(text, "\n  1 MiB"));
  EXPECT_FALSE(contains(text, "── LLC")) << "32 MiB is beyond the values";
  EXPECT_TRUE(contains(text, "\n  caches     L1d 48 KiB · L2 512 KiB · LLC 32 MiB\n")) << text;
  EXPECT_TRUE(contains(text, "reference")) << text;
  EXPECT_TRUE(contains(text, "\n  fastest    256 KiB, 3.50 GiB/s (×1.30 32 KiB)\n")) << text;
  EXPECT_TRUE(contains(text, "\n  stopped    every ratio's interval is within ±2%")) << text;
  EXPECT_FALSE(contains(text, "ceiling")) << "none given";
}

TEST(SweepReport, ARowPerValueWithItsIntervalAndRatio) {
  FakeTrialRunner runner;
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 128, 256}), runner);
  const std::string table =
      sweep_table_text(sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches));
  const std::string rounds = std::to_string(race.rounds.rounds().size());
  EXPECT_TRUE(
      contains(table, "\n  64 KiB       2.92  2.92–2.92    reference                      " + rounds + "       0\n"))
      << table;
  EXPECT_TRUE(
      contains(table, "\n  256 KiB      3.50  3.50–3.50    ×1.20      1.20–1.20           " + rounds + "       0\n"))
      << table;
  EXPECT_TRUE(contains(table, "\n  128 KiB      3.18  3.18–3.18    ×1.091     1.091–1.091")) << table;
}

TEST(SweepReport, AFailedValueKeepsItsRowAndTheOthersGoOn) {
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.buffer_bytes == 128 * kKiB; });
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 128, 256}), runner);
  EXPECT_EQ(race.rounds.stopped(), StopReason::precise);
  const SweepCurve curve = sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches);
  ASSERT_TRUE(curve.points[1].failure);
  const std::string table = sweep_table_text(curve);
  EXPECT_TRUE(contains(table, "\n  128 KiB   failed: worker failed: EINVAL\n")) << table;
  EXPECT_TRUE(contains(table, "\n  256 KiB      3.50")) << table;
}

TEST(SweepReport, WhenTheReferenceFailsTheSweepEndsAndSaysWhy) {
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.buffer_bytes == 64 * kKiB; });
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 128}), runner);
  EXPECT_EQ(race.rounds.stopped(), StopReason::failed);
  const SweepCurve curve = sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches);
  EXPECT_TRUE(contains(sweep_summary_text(race.rounds, curve),
                       "\n  stopped    the reference 64 KiB failed: worker failed: EINVAL; 1 round in"))
      << sweep_summary_text(race.rounds, curve);
}

TEST(SweepReport, DisturbedSlicesAreDroppedAndCounted) {
  FakeTrialRunner runner;
  runner.disturb_when([](const RunConfig& c, std::size_t call) { return c.buffer_bytes == 256 * kKiB && call < 9; });
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 256}), runner);
  const SweepCurve curve = sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches);
  EXPECT_GE(curve.points[1].disturbed, 4u);
  EXPECT_EQ(curve.points[1].ratio->dropped, curve.points[1].disturbed);
  EXPECT_EQ(curve.points[1].ratio->rounds + curve.points[1].ratio->dropped, race.rounds.rounds().size());
}

TEST(SweepReport, TheCeilingWhenGivenWithTheShareTheFastestReaches) {
  FakeTrialRunner runner;
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 256}), runner);
  const SweepCurve curve =
      sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches, SweepCeiling{"memcpy", 14.0});
  EXPECT_TRUE(contains(sweep_summary_text(race.rounds, curve),
                       "\n  ceiling    memcpy 14.0 GiB/s: the fastest value at 25% of it\n"))
      << sweep_summary_text(race.rounds, curve);
}

TEST(SweepReport, TheIntroAndTheProgressLine) {
  FakeTrialRunner runner;
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 128, 256}), runner);
  const std::string intro = sweep_intro_text(race.setup, race.rounds.plan());
  EXPECT_TRUE(intro.starts_with("sweep buffer-size: 64 KiB, 128 KiB and 256 KiB\nreference  64 KiB: ")) << intro;
  EXPECT_TRUE(contains(intro, "rounds of 100ms a value after each warm-up")) << intro;
  EXPECT_TRUE(contains(sweep_round_text(race.rounds), "widest interval ±0% (asked ±2%)"))
      << sweep_round_text(race.rounds);
}

TEST(SweepReport, TheJsonDocument) {
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.buffer_bytes == 128 * kKiB; });
  const testing::SweepRace race = race_sweep(SweepOption::buffer_size, kib({64, 128, 256}), runner);
  const SweepCurve curve = sweep_curve(race.rounds, SweepOption::buffer_size, race.setup.values, kCaches);
  const std::optional<nlohmann::json> doc = test_json::parse(sweep_json(race.rounds, curve, race.setup));
  ASSERT_TRUE(doc);
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["type"], "sweep");
  EXPECT_EQ(j["option"], "buffer-size");
  EXPECT_EQ(j["reference"], 64 * kKiB);
  ASSERT_EQ(j["points"].size(), 3u);
  EXPECT_EQ(j["points"][0]["reference"], true);
  EXPECT_EQ(j["points"][0]["ratio"], 1.0);
  EXPECT_TRUE(j["points"][0]["ratio_ci95"].is_null());
  EXPECT_EQ(j["points"][1]["error"], "worker failed: EINVAL");
  EXPECT_NEAR(j["points"][2]["ratio"].get<double>(), 1.2, 1e-9);
  EXPECT_EQ(j["points"][2]["ratio_ci95"].size(), 2u);
  EXPECT_EQ(j["points"][2]["command"], "pipetop run --writer-cpu 0 --reader-cpu 1");
  EXPECT_EQ(j["points"][0]["label"], "64 KiB");
  EXPECT_EQ(j["caches"][1]["name"], "L2");
  EXPECT_EQ(j["caches"][1]["bytes"], 512 * kKiB);
  EXPECT_TRUE(j["ceiling"].is_null());
  EXPECT_EQ(j["stop"], "precise");
  EXPECT_EQ(j["each_round"].size(), race.rounds.rounds().size());
  EXPECT_EQ(j["each_round"][1]["order"], nlohmann::json::array({2, 0})) << "backwards, the failed value retired";
}

}  // namespace
}  // namespace pipetop

// pipetop ab's output from rounds fed by hand: the introduction (A/A, different CPUs), a line per
// round (kept, dropped, failed, before and after the interval), the verdict in each of its forms, the
// summary with how the race stopped, and the JSON document's fields; B as a command.

#include "pipetop/core/report/ab_report.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/core/config/config_change.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kStart = 5'000'000'000;
constexpr std::int64_t kSlice = 600 * kNsPerMs;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

AbSides sides() {
  AbSides s;
  s.a.busy_loop = true;
  for (RunConfig* c : {&s.a, &s.b}) {
    c->writer_cpu = 0;
    c->reader_cpu = 1;
  }
  s.slice_ns = 500 * kNsPerMs;
  return s;
}

PairedRounds race(double precision = 0.02, std::int64_t budget_ns = 30 * kNsPerS) {
  return *PairedRounds::start({2, {kAOverB}, budget_ns, precision}, kStart);
}

struct Side {
  std::optional<double> gib;
  bool disturbed = false;
  double steal = 0.01;
  double run_delay = 0.0;
};

// One round with these A and B slices, in the order next() asks (less when a side fails), the wake-up
// round trip read before it `wakeup_us`.
void feed(PairedRounds& r, const Side& a, const Side& b, std::optional<double> wakeup_us = std::nullopt) {
  for (int i = 0; i < 2; ++i) {
    const std::int64_t now = kStart + r.elapsed_ns();
    const std::optional<std::size_t> arm = r.next(now);
    if (!arm) return;  // the race stopped: a side failed
    const Side& side = *arm == 0 ? a : b;
    Slice s;
    s.arm = *arm;
    s.gib_per_s = side.gib;
    if (!side.gib) s.error = runtime_error("worker failed: vmsplice: Invalid argument [EINVAL]");
    s.disturbed = side.disturbed;
    s.steal = side.steal;
    s.run_delay = side.run_delay;
    s.wakeup_us = i == 0 ? wakeup_us : std::nullopt;
    s.started_ns = now;
    s.ended_ns = now + kSlice;
    r.record(s);
  }
}

TEST(AbReport, IntroNamesBothSidesAndHowTheyRace) {
  AbSides s = sides();
  const std::string text = ab_intro_text(s, {2, {kAOverB}, 30 * kNsPerS, 0.02});
  EXPECT_TRUE(contains(text, "A  " + describe_config(s.a) + "\nB  " + describe_config(s.b) + "\n")) << text;
  EXPECT_TRUE(contains(text, "rounds of 500ms a side")) << text;
  EXPECT_TRUE(contains(text, "within ±2%, 30s at most")) << text;
  EXPECT_FALSE(contains(text, "A/A")) << text;
  s.b = s.a;
  EXPECT_TRUE(contains(ab_intro_text(s, {}), "an A/A run")) << ab_intro_text(s, {});
  s.b.reader_cpu = 0;
  EXPECT_TRUE(contains(ab_intro_text(s, {}), "different CPUs")) << ab_intro_text(s, {});
}

TEST(AbReport, ARoundLineBeforeAndAfterTheInterval) {
  PairedRounds r = race();
  feed(r, {40.0}, {20.0});
  EXPECT_EQ(ab_round_text(r), "round   1  AB  A   40.00  B   20.00 GiB/s  ×2.00    interval after 6 kept rounds\n");
  for (const double a : {40.4, 39.6, 40.2, 39.8, 40.0}) feed(r, {a}, {20.0});
  const std::string line = ab_round_text(r);
  EXPECT_EQ(line.rfind("round   6  BA  A   40.00  B   20.00 GiB/s  ×2.00    ×2.00 (95% CI 1.98–2.02, ±1%)", 0), 0u)
      << line;
}

TEST(AbReport, DroppedAndFailedRoundsSayWhy) {
  PairedRounds r = race();
  feed(r, {40.0}, {9.0, true, 0.0, 0.31});
  EXPECT_TRUE(contains(ab_round_text(r), "dropped: B disturbed (run delay 31%)")) << ab_round_text(r);
  feed(r, {40.0}, {std::nullopt});
  const std::string line = ab_round_text(r);
  EXPECT_TRUE(contains(line, "B  failed GiB/s")) << line;
  EXPECT_TRUE(contains(line, "B failed: worker failed: vmsplice")) << line;
  EXPECT_TRUE(contains(ab_summary_text(r), "stopped    B failed: worker failed")) << ab_summary_text(r);
}

TEST(AbReport, VerdictInEachForm) {
  RatioEstimate e;
  EXPECT_EQ(ab_verdict(e), "no round could be compared");
  e.dropped = 3;
  EXPECT_EQ(ab_verdict(e),
            "no round could be compared: all 3 were disturbed (the workers waited for their CPUs: another program is "
            "competing)");
  e.rounds = 4;
  e.median = 1.5;
  EXPECT_EQ(ab_verdict(e), "A is ×1.50 B so far: too few rounds for a 95% interval (4 kept, 6 needed)");
  e.rounds = 14;
  e.interval = MedianInterval{2.31, 2.2, 2.45, 0.987, 3};
  EXPECT_EQ(ab_verdict(e), "A is ×2.31 B (95% CI 2.20–2.45, 14 rounds)");
  e.interval = MedianInterval{0.995, 0.982, 1.012, 0.987, 3};
  EXPECT_EQ(ab_verdict(e), "no difference within ±1.8% (95% CI 0.982–1.012, 14 rounds)");
  e.interval = MedianInterval{0.43, 0.41, 0.45, 0.987, 3};
  EXPECT_EQ(ab_verdict(e), "A is ×0.43 B (95% CI 0.41–0.45, 14 rounds)");
}

TEST(AbReport, SummarySaysHowItStoppedWithBothSidesAndTheStability) {
  PairedRounds r = race();
  for (const double a : {40.4, 39.6, 40.2, 39.8, 40.0, 40.0}) feed(r, {a}, {20.0});
  ASSERT_EQ(r.stopped(), StopReason::precise);
  const std::string text = ab_summary_text(r);
  EXPECT_TRUE(contains(text, "\nA is ×2.00 B (95% CI 1.98–2.02, 6 rounds)\n")) << text;
  EXPECT_TRUE(
      contains(text, "stopped    the interval is within ±2% (±1%); 6 rounds kept, 0 dropped (disturbed), in 7.2 s"))
      << text;
  EXPECT_TRUE(contains(text, "A          median 40.00 GiB/s, 39.60–40.40 over 6 slices (×1.02)")) << text;
  EXPECT_TRUE(contains(text, "B          median 20.00 GiB/s, 20.00–20.00 over 6 slices (×1.00)")) << text;
  EXPECT_TRUE(contains(text,
                       "stability  a fixed configuration varied 1.02× between rounds; steal 1% (at most 1% of a "
                       "slice); run delay 0% (at most 0%)"))
      << text;
}

TEST(AbReport, TheBudgetEndingSaysHowFarItGot) {
  PairedRounds r = race(0.02, 3 * kNsPerS);
  while (r.next(kStart + r.elapsed_ns())) feed(r, {40.0}, {20.0});
  ASSERT_EQ(r.stopped(), StopReason::budget);
  EXPECT_TRUE(contains(ab_summary_text(r), "the 3s budget ended before 6 rounds could be kept for an interval"))
      << ab_summary_text(r);
}

TEST(AbReport, JsonHoldsTheRatioItsIntervalAndEveryRound) {
  PairedRounds r = race();
  feed(r, {40.0}, {9.0, true, 0.0, 0.31});
  for (const double a : {40.4, 39.6, 40.2, 39.8, 40.0, 40.0}) feed(r, {a}, {20.0});
  const std::optional<nlohmann::json> doc = test_json::parse(ab_json(r, sides()));
  ASSERT_TRUE(doc) << ab_json(r, sides());
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["type"], "ab");
  EXPECT_DOUBLE_EQ(j["ratio"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(j["ci95"][0].get<double>(), 39.6 / 20);
  EXPECT_DOUBLE_EQ(j["ci95"][1].get<double>(), 40.4 / 20);
  EXPECT_EQ(j["rounds"], 6);
  EXPECT_EQ(j["dropped"], 1);
  EXPECT_EQ(j["stop"], "precise");
  EXPECT_EQ(j["a"]["median_gib_per_s"], 40.0);
  EXPECT_EQ(j["b"]["slices"], 6);
  EXPECT_EQ(j["a"]["command"], "pipetop run --busy-loop --writer-cpu 0 --reader-cpu 1");
  EXPECT_EQ(j["round_s"], 0.5);
  EXPECT_EQ(j["stability"]["run_delay_max"], 0.31);
  ASSERT_EQ(j["each_round"].size(), 7u);
  EXPECT_EQ(j["each_round"][0]["kept"], false);
  EXPECT_EQ(j["each_round"][0]["b"]["disturbed"], true);
  EXPECT_EQ(j["each_round"][1]["order"], "BA");
  EXPECT_EQ(j["each_round"][1]["ratio"], 40.4 / 20);
  EXPECT_DOUBLE_EQ(j["each_round"][1]["b"]["t_s"].get<double>(), 1.2);
  EXPECT_TRUE(j["each_round"][1]["wakeup_us"].is_null());
  EXPECT_TRUE(j["stability"]["wakeup_us"].is_null());
  EXPECT_TRUE(j["phases"].is_null());
}

// The machine changed state halfway (wake-ups of 15 µs, then 25): each round's line shows its reading,
// and the summary and JSON give the ratio in each state.
TEST(AbReport, AMachineThatChangedStateIsSaidWithEachStatesRatio) {
  PairedRounds r = race(0.0001, 3600 * kNsPerS);
  for (const double a : {40.4, 39.6, 40.2, 39.8, 40.0, 40.0}) feed(r, {a}, {20.0}, 15.0);
  const std::string first_line = ab_round_text(r);
  for (const double a : {40.4, 39.6, 40.2, 39.8, 40.0, 40.0}) feed(r, {a}, {10.0}, 25.0);
  EXPECT_TRUE(contains(first_line, "×2.00    wake  15.0 µs  ×2.00 (95% CI")) << first_line;
  const std::string text = ab_summary_text(r);
  EXPECT_TRUE(contains(text, "; wake-up round trip 20.0 µs (15.0–25.0 between rounds)\n")) << text;
  EXPECT_TRUE(contains(text,
                       "  phases     the ratio followed the machine's state: ×2.00 (1.98–2.02) in the 6 rounds with "
                       "the quicker wake-ups (15.0 µs), ×4.00 (3.96–4.04) in the 6 rounds with the slower wake-ups "
                       "(25.0 µs): another run, in another state, may give another ratio\n"))
      << text;
  const std::optional<nlohmann::json> doc = test_json::parse(ab_json(r, sides()));
  ASSERT_TRUE(doc);
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["each_round"][0]["wakeup_us"], 15.0);
  EXPECT_EQ(j["stability"]["wakeup_min_us"], 15.0);
  EXPECT_EQ(j["stability"]["wakeup_max_us"], 25.0);
  EXPECT_EQ(j["phases"]["quick"]["rounds"], 6);
  EXPECT_EQ(j["phases"]["quick"]["ratio"], 2.0);
  EXPECT_EQ(j["phases"]["slow"]["ratio"], 4.0);
  EXPECT_EQ(j["phases"]["slow"]["wakeup_us"], 25.0);
  EXPECT_EQ(j["phases"]["slow"]["ci95"][0], 39.6 / 10);
  EXPECT_EQ(j["phases"]["threshold_us"], 25.0);
  // Without the change, no phases.
  PairedRounds steady = race(0.0001, 3600 * kNsPerS);
  for (const double a : {40.4, 39.6, 40.2, 39.8, 40.0, 40.0, 40.1, 39.9}) feed(steady, {a}, {20.0}, 15.0);
  EXPECT_FALSE(contains(ab_summary_text(steady), "phases")) << ab_summary_text(steady);
}

// B as a command (--b-command): the intro shows it as given and what it is given; JSON marks its side.
TEST(AbReport, BAsACommandIsShownAsGiven) {
  AbSides s = sides();
  s.b = RunConfig{};
  s.b.writer_cpu = 0;
  s.b.reader_cpu = 1;
  s.b_command = "./write | ./read --bytes_to_pipe=$PIPETOP_BYTES --csv";
  const std::string text = ab_intro_text(s, {2, {kAOverB}, 30 * kNsPerS, 0.02});
  EXPECT_TRUE(contains(text,
                       "\nB  ./write | ./read --bytes_to_pipe=$PIPETOP_BYTES --csv\n   a command, run by /bin/sh "
                       "each slice on cpu 0→1 ($PIPETOP_WRITER_CPU, $PIPETOP_READER_CPU), moving "
                       "$PIPETOP_BYTES bytes; its figure: the number its last line starts with\n"))
      << text;
  EXPECT_TRUE(contains(text, "only A's waits for its CPUs drop a round")) << text;
  EXPECT_FALSE(contains(text, "different CPUs")) << text;
  PairedRounds r = race();
  for (int i = 0; i < 6; ++i) feed(r, {40.0}, {20.0});
  const std::optional<nlohmann::json> doc = test_json::parse(ab_json(r, s));
  ASSERT_TRUE(doc) << ab_json(r, s);
  const nlohmann::json& j = *doc;
  EXPECT_EQ(j["b"]["command"], *s.b_command);
  EXPECT_EQ(j["b"]["external"], true);
  EXPECT_EQ(j["b"]["median_gib_per_s"], 20.0);
  EXPECT_FALSE(j["a"].contains("external"));
}

}  // namespace
}  // namespace pipetop
